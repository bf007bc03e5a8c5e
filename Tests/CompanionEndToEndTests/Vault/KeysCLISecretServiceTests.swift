import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// `companion keys …` run as a separate process against the real gnome-keyring, checked with `secret-tool`.
@Suite(.enabled(if: TestKeyring.isAvailable, "needs a real keyring: run under scripts/with-keyring.sh"))
struct KeysCLISecretServiceTests {
    struct Identity: Decodable {
        let fingerprint: String
        let publicKey: String
    }
    struct InitOutput: Decodable {
        let created: Bool
        let identity: Identity
    }

    @Test func keysInitIsFoundBySecretToolSurvivesAndNeverLeaks() async throws {
        let profile = TestKeyring.uniqueProfile()
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        var outputs: [String] = []
        func run(_ args: [String]) async throws -> ProcessRunner.Result {
            let result = try await companion(
                args + ["--profile", profile], environment: ["COMPANION_VAULT": "secret-service"])
            outputs.append(result.output)
            #expect(result.status == 0, "companion \(args): \(result.output)")
            return result
        }

        let created = try await JSONDecoder().decode(
            InitOutput.self, from: Data(try run(["keys", "init", "--json"]).stdoutBytes))
        #expect(created.created)

        // Found with the documented attributes, by the standard tool.
        let search = try await ProcessRunner.run(
            "secret-tool", ["search", "--all", "service", "companionkit", "profile", profile])
        #expect(search.status == 0)
        for line in [
            "attribute.service = companionkit", "attribute.profile = \(profile)", "attribute.name = identity",
            "attribute.kind = identity-key", "schema = org.companionkit.Credential",
        ] {
            // secret-tool prints the attributes on stderr and the rest on stdout.
            #expect(search.output.contains(line), "secret-tool search lacks \(line)")
        }

        // The stored secret is the 64-byte libsodium key whose public half is the one we printed.
        let lookup = try await ProcessRunner.run(
            "secret-tool", ["lookup", "service", "companionkit", "profile", profile, "name", "identity"])
        let secretKey = lookup.stdoutBytes
        #expect(secretKey.count == 64)
        let pair = try Ed25519KeyPair(secretKey: SecureBytes(secretKey))
        #expect(pair.publicKey.fingerprint.description == created.identity.fingerprint)

        // A new process finds the same key; init again changes nothing.
        let shown = try await JSONDecoder().decode(
            Identity.self, from: Data(try run(["keys", "show", "--json"]).stdoutBytes))
        #expect(shown.fingerprint == created.identity.fingerprint)
        let again = try await JSONDecoder().decode(
            InitOutput.self, from: Data(try run(["keys", "init", "--json"]).stdoutBytes))
        #expect(!again.created)
        #expect(again.identity.publicKey == created.identity.publicKey)
        _ = try await run(["keys", "init"])
        _ = try await run(["keys", "show"])
        let audit = try await run(["keys", "audit"])
        #expect(audit.stdout.contains(created.identity.fingerprint))
        _ = try await run(["keys", "audit", "--json"])

        // The private half is in no output and in no file under the (temporary) HOME and XDG directories.
        let needles = leakNeedles(secretKey)
        for output in outputs {
            #expect(!needles.contains { contains(Array(output.utf8), $0) }, "secret leaked in output")
        }
        let env = ProcessInfo.processInfo.environment
        let roots = ["HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"].compactMap {
            env[$0]
        }
        #expect(roots.contains { $0.contains("companion-keyring") }, "expected the temporary HOME of with-keyring.sh")
        for root in Set(roots) {
            #expect(filesContaining(needles, under: URL(fileURLWithPath: root)).isEmpty, "secret found under \(root)")
        }
    }

    @Test func rotateReplacesTheKeyAndRecordsTheOldFingerprint() async throws {
        let profile = TestKeyring.uniqueProfile()
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        let env: [String: String?] = ["COMPANION_VAULT": "secret-service", "COMPANION_PROFILE": profile]
        let first = try await companion(["keys", "init", "--json"], environment: env)
        let old = try JSONDecoder().decode(InitOutput.self, from: Data(first.stdoutBytes)).identity.fingerprint
        let rotated = try await companion(["keys", "init", "--rotate"], environment: env)
        #expect(rotated.status == 0)
        #expect(rotated.stdout.contains("Rotated"))
        #expect(rotated.stdout.contains(old))
        let shown = try await companion(["keys", "show", "--json"], environment: env)
        #expect(try JSONDecoder().decode(Identity.self, from: Data(shown.stdoutBytes)).fingerprint != old)
        let audit = try await companion(["keys", "audit", "--json"], environment: env)
        #expect(audit.stdout.contains("\"retiredIdentities\""))
        #expect(audit.stdout.contains(old))
    }
}
