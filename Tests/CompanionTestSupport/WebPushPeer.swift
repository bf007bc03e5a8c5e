import Foundation

/// The browser's and the push service's side of Web Push, in Python (`Tests/push/webpush_peer.py`: http-ece and
/// cryptography, installed by `scripts/setup.sh` into `.build/push-venv`), so the sidecar's encryption and VAPID
/// tokens are checked by code that is not its own.
public enum WebPushPeer {
    /// The virtualenv's interpreter.
    public static var python: String {
        TestPaths.packageRoot.appendingPathComponent(".build/push-venv/bin/python").path
    }
    /// `Tests/push/webpush_peer.py`.
    public static var script: String { TestPaths.packageRoot.appendingPathComponent("Tests/push/webpush_peer.py").path }

    /// Runs `command` with `request` as JSON on standard input; its standard output, trimmed.
    public static func run(_ command: String, _ request: [String: String]) async throws -> String {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Missing(path: python) }
        let input = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        let result = try await ProcessRunner.run(python, [script, command], input: input)
        guard result.status == 0 else { throw Failed(output: result.description) }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts the test push service (`webpush_peer.py serve`) with its certificates in `directory`; `plans` maps a
    /// path to the statuses it answers in turn.
    public static func startService(in directory: URL, plans: [String: [Int]] = [:]) throws -> RunningProcess {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Missing(path: python) }
        let arguments = plans.sorted { $0.key < $1.key }.map {
            "\($0.key)=" + $0.value.map(String.init).joined(separator: ",")
        }
        return try ProcessRunner.spawn(python, [script, "serve", directory.path] + arguments)
    }

    /// The interpreter is missing.
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        public var description: String {
            "\(path) is missing: run scripts/setup.sh (it installs http-ece and cryptography)"
        }
    }

    /// The script failed.
    public struct Failed: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "webpush_peer.py failed: \(output)" }
    }
}
