import Foundation

/// Runs a client command's body: library errors become one-line ``CLIFailure``s, and with `--json` the
/// failure is also printed on standard output as `{"ok":false,"error":{...}}`.
enum ClientRun {
    /// The `--json` shape of a failure.
    struct ErrorOutput: Encodable {
        struct Detail: Encodable {
            /// The exit status name, e.g. `network` (see docs/exit-codes.md).
            var code: String
            var message: String
            var hint: String?
            var exitCode: Int32
        }

        var ok = false
        var error: Detail
    }

    static func run(json: Bool, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            let mapped = ClientFailures.failure(for: error)
            if json, let failure = mapped as? CLIFailure {
                let detail = ErrorOutput.Detail(
                    code: ClientFailures.name(of: failure.status), message: failure.message, hint: failure.hint,
                    exitCode: failure.status.rawValue)
                try? Terminal.printJSON(ErrorOutput(error: detail))
            }
            throw mapped
        }
    }
}
