import Foundation

/// Runs a client command's body: library errors become one-line ``CLIFailure``s, and with `--json` the
/// failure is also printed on standard output as `{"ok":false,"error":{...}}`.
enum ClientRun {
    static func run(json: Bool, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            let mapped = ClientFailures.failure(for: error)
            if json, let failure = mapped as? CLIFailure { JSONErrorOutput.print(failure) }
            throw mapped
        }
    }
}
