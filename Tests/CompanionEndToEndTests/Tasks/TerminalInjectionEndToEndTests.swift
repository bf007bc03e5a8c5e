import CompanionTestSupport
import Foundation
import Testing

/// A task whose title, description, failure reason and log carry terminal escape sequences: what `companion`
/// prints to a pipe (not a terminal) must hold none of their raw bytes, only visible escapes.
@Suite("Terminal injection end to end: task fields and logs are printed escaped", .serialized)
struct TerminalInjectionEndToEndTests {
    /// OSC 52 (writes the clipboard), OSC 0 (window title), ESC[2J (clears the screen), U+202E, a bare CR and
    /// a C1 CSI, as raw bytes in a shell `printf` format.
    static let printfFormat =
        #"osc52 \033]52;c;aGFja2Vk\007|osc0 \033]0;pwned\007|clear \033[2J|rtl \342\200\256|cr \r|c1 \302\2332J|end\n"#
    /// The same sequences as SQL text, for fields the sidecar now refuses (stored by an older sidecar).
    static let sqlHostile =
        "'osc52 ' || char(27) || ']52;c;aGFja2Vk' || char(7) || ' osc0 ' || char(27) || ']0;pwned' || char(7)"
        + " || ' clear ' || char(27) || '[2J rtl ' || char(8238) || ' cr ' || char(13) || ' c1 ' || char(155) || 'end'"

    /// Scalars that must never reach the output raw: ESC, BEL, CR, C1 CSI, RLO.
    static func rawControls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { [0x1B, 0x07, 0x0D, 0x9B, 0x202E].contains($0) }
    }

    @Test func listShowAndLogsPrintNoRawEscapeSequence() async throws {
        let directory = try temporaryDirectory()
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: directory))
        defer { sidecar.stop() }
        let url = sidecar.url
        let script = """
            printf '\(Self.printfFormat)'
            printf '\(Self.printfFormat)' >&2
            printf '\\033[31mred\\033[0m\\n'
            exit 3
            """
        let id = try await TaskCLITests.create(url, title: "hostile", script: script)
        let started = try await CompanionCLI.taskKey.run(["tasks", "start", id, "--url", url])
        #expect(started.status == 0, "\(started.stderr)")
        let followed = try await CompanionCLI.taskKey.run(["logs", id, "--follow", "--url", url])
        #expect(followed.status == 12, "\(followed.stderr)")
        try await Self.sqlite(
            directory.appendingPathComponent("registry.sqlite"),
            "UPDATE tasks SET title = \(Self.sqlHostile), failure_reason = \(Self.sqlHostile), "
                + "description = \(Self.sqlHostile) WHERE id = '\(id)'")

        let runs: [(String, ProcessRunner.Result)] = [
            ("logs --follow", followed),
            ("tasks list", try await CompanionCLI.taskKey.run(["tasks", "list", "--url", url])),
            ("tasks show", try await CompanionCLI.taskKey.run(["tasks", "show", id, "--url", url])),
            ("logs", try await CompanionCLI.taskKey.run(["logs", id, "--url", url])),
            ("logs --follow again", try await CompanionCLI.taskKey.run(["logs", id, "--follow", "--url", url])),
        ]
        for (name, result) in runs {
            #expect(Self.rawControls(in: result.stdout + result.stderr).isEmpty, "\(name): \(result.stdout)")
            #expect(result.stdout.contains("]52;c;aGFja2Vk"), "\(name) shows the sequence, escaped: \(result.stdout)")
        }
        #expect(runs[1].1.stdout.contains("osc0"), "the title is listed")
    }

    @Test func rawPrintsTheLogBytesUnchanged() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let result = try await CompanionCLI.taskKey.run([
            "tasks", "create", "--url", sidecar.url, "--title", "raw", "--start", "--raw",
            "--description", "printf '\(Self.printfFormat)'",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.unicodeScalars.contains { $0.value == 0x1B }, "\(result.stdout)")
        #expect(result.stdout.contains("\u{1B}]52;c;aGFja2Vk\u{07}"))
        let id = try #require(result.stderr.split(separator: " ").dropFirst().first.map { String($0.dropLast()) })
        let logs = try await CompanionCLI.taskKey.run(["logs", id, "--url", sidecar.url, "--raw"])
        #expect(logs.status == 0, "\(logs.stderr)")
        #expect(logs.stdout == result.stdout, "the same bytes, followed or not")
    }

    @Test func coloursSurviveOnlyOnATerminalThatAllowsThem() async throws {
        let sidecar = try await SidecarProcess.start(.tasks(dataDirectory: try temporaryDirectory()))
        defer { sidecar.stop() }
        let script = "printf '\\033[31mred\\033[0m \(Self.printfFormat)'"
        let id = try await TaskCLITests.create(sidecar.url, title: "colours", script: script)
        _ = try await CompanionCLI.taskKey.run(["tasks", "start", id, "--url", sidecar.url])
        _ = try await CompanionCLI.taskKey.run(["logs", id, "--follow", "--url", sidecar.url])
        for noColor in [false, true] {
            let environment: [String: String?] = [
                "COMPANION_API_KEY": SidecarOptions.taskAPIKey, "NO_COLOR": noColor ? "1" : nil,
            ]
            let session = try PseudoTerminalSession(
                [TestPaths.companionBinary.path, "logs", id, "--url", sidecar.url], environment: environment)
            defer { session.stop() }
            let text = try await session.finish().stdout
            #expect(text.contains("\u{1B}[31mred\u{1B}[0m") == !noColor, "NO_COLOR=\(noColor): \(text)")
            #expect(text.contains(#"\x1b[31mred"#) == noColor)
            #expect(!text.contains("\u{1B}]") && !text.contains("\u{1B}[2J") && !text.contains("\u{202E}"))
            #expect(text.contains(#"\x1b]52;c;aGFja2Vk\x07"#), "\(text)")
        }
    }

    /// Runs one SQL statement with the sqlite3 tool (the sidecar keeps running; SQLite locks for us).
    static func sqlite(_ database: URL, _ sql: String) async throws {
        let result = try await ProcessRunner.run("/usr/bin/sqlite3", ["-cmd", ".timeout 5000", database.path, sql])
        #expect(result.status == 0, "\(result)")
    }
}
