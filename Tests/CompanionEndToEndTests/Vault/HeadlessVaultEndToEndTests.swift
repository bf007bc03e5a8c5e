import CompanionTestSupport
import Foundation
import Testing

/// A headless machine: the file vault chosen by the settings file, its passphrase from a private file, a lasting
/// unlock in the kernel keyring, and the sidecar started with no terminal and no keyring daemon.
@Suite struct HeadlessVaultEndToEndTests {
    struct Machine {
        let root: URL
        let passphraseFile: URL

        init() throws {
            root = try TestPaths.temporaryDirectory("headless")
            passphraseFile = root.appendingPathComponent("passphrase")
            try Data("a headless passphrase\n".utf8).write(to: passphraseFile)
            chmod(passphraseFile.path, 0o600)
            let config = root.appendingPathComponent("config/companion")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try Data("vault = \"file\"\n".utf8).write(to: config.appendingPathComponent("config.toml"))
        }

        /// The CLI with no desktop session, no passphrase in the environment, and (optionally) the passphrase file.
        func cli(withPassphraseFile: Bool) -> CompanionCLI {
            CompanionCLI(
                profile: "headless",
                environment: [
                    "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                    "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                    "XDG_STATE_HOME": root.appendingPathComponent("state").path,
                    "COMPANION_VAULT": nil, "COMPANION_VAULT_PASSPHRASE": nil, "DBUS_SESSION_BUS_ADDRESS": nil,
                    "COMPANION_VAULT_PASSPHRASE_FILE": withPassphraseFile ? passphraseFile.path : nil,
                ])
        }
    }

    @Test func unlockLastsUntilLockedAndNeedsNoPassphraseMeanwhile() async throws {
        let machine = try Machine()
        defer { try? FileManager.default.removeItem(at: machine.root) }
        let created = try await machine.cli(withPassphraseFile: true).run(["keys", "init"])
        #expect(created.status == Exit.success, "\(created)")
        let bare = machine.cli(withPassphraseFile: false)
        let locked = try await bare.run(["keys", "show"], stdin: "")
        #expect(locked.status == Exit.vault, "no passphrase anywhere: \(locked)")
        #expect(locked.stderr.contains("companion keys unlock"))

        let unlock = try await machine.cli(withPassphraseFile: true).run(["keys", "unlock", "--for", "2m", "--json"])
        #expect(unlock.status == Exit.success, "\(unlock)")
        let shown = try await bare.run(["keys", "show"], stdin: "")
        #expect(shown.status == Exit.success, "the kept key opens the vault: \(shown)")

        let lock = try await bare.run(["keys", "lock"])
        #expect(lock.status == Exit.success, "\(lock)")
        #expect(try await bare.run(["keys", "show"], stdin: "").status == Exit.vault)
        let tooLong = try await machine.cli(withPassphraseFile: true).run(["keys", "unlock", "--for", "3d"])
        #expect(tooLong.status == Exit.usage, "\(tooLong)")
    }

    @Test func theSidecarStartsFromAPassphraseFileWithoutATerminal() async throws {
        let machine = try Machine()
        defer { try? FileManager.default.removeItem(at: machine.root) }
        let cli = machine.cli(withPassphraseFile: true)
        #expect(try await cli.run(["keys", "init"]).status == Exit.success)
        let serve = try cli.spawn([
            "sidecar", "serve", "--port", "0", "--json", "--data-dir",
            machine.root.appendingPathComponent("sidecar").path,
        ])
        defer { serve.kill(SIGKILL) }
        try await serve.waitForOutput { out, _ in out.contains("\n") }
        let line = try JSONValue.parse(String(serve.stdout.prefix { $0 != "\n" }))
        #expect(line["listening"]?.stringValue?.hasPrefix("http://127.0.0.1:") == true, "\(serve.stdout)")
        #expect(line["port"]?.description.allSatisfy(\.isNumber) == true, "the port is a number: \(serve.stdout)")
        serve.kill(SIGTERM)
        _ = try await serve.finish()
    }
}
