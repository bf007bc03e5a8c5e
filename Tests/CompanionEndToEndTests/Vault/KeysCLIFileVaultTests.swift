import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// `companion keys …` with `--vault file`, as a separate process, with the real default Argon2id costs.
struct KeysCLIFileVaultTests {
    static func environment(_ dir: URL, passphrase: String? = "test passphrase") -> [String: String?] {
        [
            "XDG_DATA_HOME": dir.appendingPathComponent("data").path,
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path, "COMPANION_VAULT_PASSPHRASE": passphrase,
            "COMPANION_VAULT": "file", "COMPANION_PROFILE": nil,
        ]
    }

    @Test func fileVaultLifecycle() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        let created = try await companion(["keys", "init"], environment: env)
        #expect(created.status == 0, "\(created.output)")
        #expect(created.stdout.contains("Created the device identity."))
        let vaultPath = dir.appendingPathComponent("data/companionkit/default/vault.ckv").path
        #expect(try mode(vaultPath) == 0o600)
        #expect(try mode((vaultPath as NSString).deletingLastPathComponent) == 0o700)
        let original = try Data(contentsOf: URL(fileURLWithPath: vaultPath))

        // Wrong passphrase: exit 3, clear message, file unchanged.
        let wrong = try await companion(
            ["keys", "init", "--rotate"], environment: Self.environment(dir, passphrase: "nope"))
        #expect(wrong.status == 3)
        #expect(wrong.stderr.contains("wrong passphrase"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: vaultPath)) == original)

        // No passphrase and no terminal: exit 3 and how to provide one.
        let none = try await companion(["keys", "show"], environment: Self.environment(dir, passphrase: nil))
        #expect(none.status == 3)
        #expect(none.stderr.contains("COMPANION_VAULT_PASSPHRASE"))

        // Audit reports the file, its permissions and KDF parameters.
        let audit = try await companion(["keys", "audit", "--json"], environment: env)
        #expect(audit.status == 0)
        for fragment in [
            "\"fileMode\" : 384", "\"directoryMode\" : 448", "\"opsLimit\" : 4", "\"memLimit\" : 268435456",
        ] {
            #expect(audit.stdout.contains(fragment), "audit lacks \(fragment)")
        }

        // Tampering: refused, unchanged.
        var bytes = [UInt8](original)
        bytes[bytes.count - 5] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: vaultPath))
        let tampered = try await companion(["keys", "init", "--rotate"], environment: env)
        #expect(tampered.status == 3)
        #expect(tampered.stderr.contains("damaged or was modified"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: vaultPath)) == Data(bytes))
    }

    @Test func auditWarnsAboutWeakPermissions() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        await #expect(try companion(["keys", "init"], environment: env).status == 0)
        let vaultPath = dir.appendingPathComponent("data/companionkit/default/vault.ckv").path
        chmod(vaultPath, 0o644)
        chmod((vaultPath as NSString).deletingLastPathComponent, 0o755)
        let audit = try await companion(["keys", "audit"], environment: env)
        #expect(audit.status == 0)
        #expect(audit.stdout.contains("vault file permissions are 0644, expected 0600"))
        #expect(audit.stdout.contains("vault directory permissions are 0755, expected 0700"))
        let old = try await companion(["keys", "audit", "--rotation-age", "0"], environment: env)
        #expect(old.stdout.contains("rotation age 0") || old.stdout.contains("days old"))
    }

    @Test func auditFindsPlaintextCopiesOfTheKey() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        await #expect(try companion(["keys", "init"], environment: env).status == 0)
        let clean = try await companion(["keys", "audit"], environment: env)
        #expect(!clean.stdout.contains("plaintext copy"))
        // Read the key the way a careless script might, and leave it in a file in our state directory.
        let vault = FileVault(
            profile: try VaultProfile("default"), directory: dir.appendingPathComponent("data/companionkit/default"),
            passphrase: .fixed("test passphrase"))
        let secret = try #require(try vault.get("identity")).withUnsafeBytes { Array($0) }
        let leak = dir.appendingPathComponent("state/companionkit/default/backup.txt")
        try FileManager.default.createDirectory(
            at: leak.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(secret.prefix(32).map { String(format: "%02x", $0) }.joined().utf8).write(to: leak)
        let audit = try await companion(["keys", "audit"], environment: env)
        #expect(audit.stdout.contains("plaintext copy of the identity secret key found in \(leak.path)"))
        #expect(!leakNeedles(secret).contains { contains(Array(audit.output.utf8), $0) })
    }

    @Test func badOptionsAreUsageErrors() async throws {
        let bad = try await companion(["keys", "show", "--vault", "plaintext"])
        #expect(bad.status == 64)
        let profile = try await companion(["keys", "show", "--vault", "file", "--profile", "../x"])
        #expect(profile.status == 64)
        #expect(profile.stderr.contains("invalid profile name"))
    }
}

/// The passphrase prompt on a real terminal (a pseudo-terminal from util-linux `script`).
@Suite(.enabled(if: ProcessRunner.exists("script")))
struct PassphrasePromptTests {
    @Test func promptsTwiceWithoutEchoWhenCreating() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = KeysCLIFileVaultTests.environment(dir, passphrase: nil)
        env["COMPANION_VAULT_PASSPHRASE"] = .some(nil)
        let passphrase = "tty-passphrase-\(UUID().uuidString.prefix(8))"
        // Typed once each prompt appears, as a person would.
        let session = try ProcessRunner.spawn(
            "script", ["-qec", "\(TestPaths.companionBinary.path) keys init", "/dev/null"], environment: env)
        defer { session.kill(SIGKILL) }
        try await session.waitForOutput { out, _ in out.contains("New file vault passphrase:") }
        session.write(passphrase + "\n")
        try await session.waitForOutput { out, _ in out.contains("Repeat passphrase:") }
        session.write(passphrase + "\n")
        let result = try await session.finish()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("New file vault passphrase:"))
        #expect(result.stdout.contains("Repeat passphrase:"))
        #expect(result.stdout.contains("Created the device identity."))
        #expect(!result.output.contains(passphrase), "the passphrase was echoed")
        // The same passphrase from the environment opens it.
        let shown = try await companion(
            ["keys", "show"], environment: KeysCLIFileVaultTests.environment(dir, passphrase: passphrase))
        #expect(shown.status == 0, "\(shown.output)")
    }

    /// Echo is off before the prompt is written: the prompt's standard error is a full pipe, so `keys init` stops in
    /// that write, and the terminal it reads must already be quiet. (Written first, the prompt left a moment in
    /// which a person typing at once saw the passphrase echoed; a CI run under load caught it.)
    @Test func echoIsOffBeforeThePromptIsWritten() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = KeysCLIFileVaultTests.environment(dir, passphrase: nil)
        env["COMPANION_VAULT_PASSPHRASE"] = .some(nil)
        let watcher = """
            import os, pty, subprocess, sys, termios, time
            master, terminal = pty.openpty()
            reader, writer = os.pipe()
            os.set_blocking(writer, False)
            for size in (65536, 4096, 1):
                try:
                    while True: os.write(writer, b"x" * size)
                except BlockingIOError: pass
            os.set_blocking(writer, True)
            child = subprocess.Popen(sys.argv[1:], stdin=terminal, stdout=terminal, stderr=writer)
            deadline = time.time() + float(os.environ["WATCH_SECONDS"])
            verdict = "echo stayed on while the prompt was being written"
            while time.time() < deadline and child.poll() is None:
                if not termios.tcgetattr(terminal)[3] & termios.ECHO:
                    verdict = "quiet before the prompt"
                    break
                time.sleep(0.01)
            child.kill()
            child.wait()
            print(verdict)
            """
        env["WATCH_SECONDS"] = String(Int(TestDeadline.seconds))
        let result = try await ProcessRunner.run(
            "python3", ["-c", watcher, TestPaths.companionBinary.path, "keys", "init"], environment: env)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("quiet before the prompt"), "\(result.output)")
    }
}
