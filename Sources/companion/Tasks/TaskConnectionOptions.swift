import ArgumentParser
import CompanionClient
import Foundation

/// Where the sidecar is and how to authenticate to its task endpoints.
struct TaskConnectionOptions: ParsableArguments {
    @Option(name: .long, help: "Sidecar base URL, e.g. http://127.0.0.1:7878 (default: $COMPANION_SIDECAR_URL).")
    var url: String?

    @Option(name: .long, help: "File holding the sidecar's API key, sent as X-API-Key (default: $COMPANION_API_KEY).")
    var apiKeyFile: String?

    /// A client for the task endpoints.
    func client() throws -> TaskClient {
        let environment = ProcessInfo.processInfo.environment
        guard let text = url ?? environment["COMPANION_SIDECAR_URL"], !text.isEmpty else {
            throw CLIFailure(
                .usage, "no sidecar URL", hint: "pass --url http://HOST:7878 or set COMPANION_SIDECAR_URL")
        }
        guard let base = URL(string: text), let scheme = base.scheme, ["http", "https"].contains(scheme),
            base.host != nil
        else {
            throw CLIFailure(.usage, "invalid sidecar URL \(text.prefix(200))", hint: "use http://HOST:PORT")
        }
        return TaskClient(baseURL: base, apiKey: try apiKey(environment))
    }

    private func apiKey(_ environment: [String: String]) throws -> String? {
        if let apiKeyFile {
            guard let data = FileManager.default.contents(atPath: apiKeyFile) else {
                throw CLIFailure(.usage, "cannot read the API key file \(apiKeyFile)", hint: "check the path")
            }
            let key = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            return key.trimmingCharacters(in: .whitespaces)
        }
        return environment["COMPANION_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension TaskClientError: CLIFailureConvertible {
    var cliFailure: CLIFailure {
        switch self {
        case .transport(let why):
            CLIFailure(.network, "cannot reach the sidecar: \(why)", hint: "is `companion sidecar serve` running?")
        case .server(let status, _, let message) where status == 401:
            CLIFailure(.server, "the sidecar refused the request: \(message)", hint: "check the API key or pairing")
        case .server(_, _, let message):
            CLIFailure(.server, "the sidecar answered: \(message)")
        case .malformedAnswer(let why):
            CLIFailure(.server, "the sidecar's answer is malformed: \(why)", hint: "is the URL a companion sidecar?")
        case .noSuchTask(let id):
            CLIFailure(.server, "no such task: \(id)", hint: "list tasks with `companion tasks list`")
        }
    }
}
