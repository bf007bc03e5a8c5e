import ArgumentParser
import CompanionCrypto
import CompanionVault
import Foundation

/// `companion keys bench` (hidden, used by Benchmarks/vault.sh): times keypair generation and vault
/// store/lookup in process, through the same vault path the CLI uses. Stores a throwaway random item
/// named `bench-<random>` and removes it afterwards.
struct KeysBench: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Time keypair generation and vault store/lookup.",
        discussion: """
            Examples:
              companion keys bench
            """, shouldDisplay: false)

    @OptionGroup var vaultOptions: VaultOptions
    @Option(help: "Operations per measurement.") var iterations = 50
    @Flag(help: "Print JSON.") var json = false

    struct Stats: Encodable {
        var medianMs: Double
        var meanMs: Double
        var minMs: Double
        var count: Int
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

    func execute() throws {
        guard iterations > 0 else { throw CLIFailure(.usage, "--iterations must be positive") }
        let clock = ContinuousClock()
        var vault: UsageTrackingVault?
        let open = try clock.measure { vault = try vaultOptions.openTracked() }
        guard let vault else { return }
        let name = "bench-\(SecureRandom.token(byteCount: 6))"
        defer { try? vault.remove(name) }
        var pairs: [Ed25519KeyPair] = []
        let keygen = (0..<iterations).map { _ in clock.measure { pairs.append(Ed25519KeyPair.generate()) } }
        let store = try pairs.map { pair in
            try clock.measure {
                try vault.set(name, secret: pair.secretKey, label: "CompanionKit benchmark", kind: .other)
            }
        }
        var mismatches = 0
        let lookup = try (0..<iterations).map { _ in
            try clock.measure {
                if try vault.get(name)?.constantTimeEquals(pairs.last!.secretKey) != true { mismatches += 1 }
            }
        }
        guard mismatches == 0 else { throw CLIFailure(.vault, "benchmark lookups returned a different secret") }
        let reopen = try clock.measure { _ = try vaultOptions.openTracked() }
        let output = Output(
            backend: vault.backend.rawValue, openMs: Self.ms(open), reopenMs: Self.ms(reopen),
            keypairGeneration: Self.stats(keygen),
            store: Self.stats(store), lookup: Self.stats(lookup))
        if json { return try OutputFormatter.printJSON(output) }
        let opens = String(format: "open %.2f ms, reopen %.2f ms", output.openMs, output.reopenMs)
        print("backend \(output.backend), \(iterations) iterations, \(opens)")
        for (label, stats) in [
            ("keypair", output.keypairGeneration), ("store", output.store), ("lookup", output.lookup),
        ] {
            let figures = String(
                format: "median %.3f ms  mean %.3f ms  min %.3f ms", stats.medianMs, stats.meanMs, stats.minMs)
            print(label.padding(toLength: 9, withPad: " ", startingAt: 0) + figures)
        }
    }

    static func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func stats(_ durations: [Duration]) -> Stats {
        let values = durations.map(ms).sorted()
        return Stats(
            medianMs: values[values.count / 2], meanMs: values.reduce(0, +) / Double(values.count), minMs: values[0],
            count: values.count)
    }
}
