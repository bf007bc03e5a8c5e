// Benchmark driver for Benchmarks/vault.sh: keypair generation and vault store/lookup timed in process, through
// the vault the CLI opens (VaultOpener with the Secret Service backend). Stores a throwaway random item named
// `bench-<random>` and removes it afterwards. Not a product; not part of `companion`.
//   keys-bench [--iterations N] [--json]     the vault and profile from COMPANION_VAULT and COMPANION_PROFILE
import CompanionCrypto
import CompanionVault
import CompanionVaultSecretService
import Foundation

struct Stats: Encodable {
    var medianMs: Double
    var meanMs: Double
    var minMs: Double
    var count: Int

    init(_ durations: [Duration]) {
        let values = durations.map(milliseconds).sorted()
        medianMs = values[values.count / 2]
        meanMs = values.reduce(0, +) / Double(values.count)
        minMs = values[0]
        count = values.count
    }
}

struct Output: Encodable {
    var backend: String
    var openMs: Double
    /// Opening again once the vault holds an item: for the file vault this includes Argon2id.
    var reopenMs: Double
    var keypairGeneration: Stats
    var store: Stats
    var lookup: Stats
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("keys-bench: \(message)\n".utf8))
    exit(1)
}

var iterations = 50
var json = false
var words = CommandLine.arguments.dropFirst()
while let word = words.popFirst() {
    switch word {
    case "--iterations":
        guard let value = words.popFirst().flatMap(Int.init), value > 0 else {
            fail("--iterations takes a positive number")
        }
        iterations = value
    case "--json": json = true
    default: fail("unknown argument \(word) (usage: keys-bench [--iterations N] [--json])")
    }
}

let environment = ProcessInfo.processInfo.environment
guard let choice = VaultBackendChoice(rawValue: environment[VaultOpener.backendVariable] ?? "auto") else {
    fail("\(VaultOpener.backendVariable) is not a vault backend (auto, secret-service or file)")
}
let profile = environment[VaultOpener.profileVariable] ?? VaultProfile.defaultName
func openVault() throws -> UsageTrackingVault { try VaultOpener.open(choice, profile: profile, passphrase: .standard) }

do {
    let clock = ContinuousClock()
    var opened: UsageTrackingVault?
    let open = try clock.measure { opened = try openVault() }
    guard let vault = opened else { fail("the vault did not open") }
    let name = "bench-\(SecureRandom.token(byteCount: 6))"
    defer { try? vault.remove(name) }
    var pairs: [Ed25519KeyPair] = []
    let keygen = (0..<iterations).map { _ in clock.measure { pairs.append(Ed25519KeyPair.generate()) } }
    let store = try pairs.map { pair in
        try clock.measure { try vault.set(name, secret: pair.secretKey, label: "CompanionKit benchmark", kind: .other) }
    }
    var mismatches = 0
    let lookup = try (0..<iterations).map { _ in
        try clock.measure {
            if try vault.get(name)?.constantTimeEquals(pairs.last!.secretKey) != true { mismatches += 1 }
        }
    }
    guard mismatches == 0 else { fail("benchmark lookups returned a different secret") }
    let reopen = try clock.measure { _ = try openVault() }
    let output = Output(
        backend: vault.backend.rawValue, openMs: milliseconds(open), reopenMs: milliseconds(reopen),
        keypairGeneration: Stats(keygen), store: Stats(store), lookup: Stats(lookup))
    if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(output), as: UTF8.self))
    } else {
        print(
            "backend \(output.backend), \(iterations) iterations, "
                + String(format: "open %.2f ms, reopen %.2f ms", output.openMs, output.reopenMs))
        for (label, stats) in [
            ("keypair", output.keypairGeneration), ("store", output.store), ("lookup", output.lookup),
        ] {
            let figures = String(
                format: "median %.3f ms  mean %.3f ms  min %.3f ms", stats.medianMs, stats.meanMs, stats.minMs)
            print(label.padding(toLength: 9, withPad: " ", startingAt: 0) + figures)
        }
    }
} catch {
    fail("\(error)")
}
