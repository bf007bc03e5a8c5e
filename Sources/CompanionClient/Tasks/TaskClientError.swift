import CompanionAPI
import Foundation

/// Failures of the task API client.
public enum TaskClientError: Error, Equatable, CustomStringConvertible {
    /// The sidecar could not be reached (refused, offline, timeout).
    case transport(String)
    /// The sidecar answered with an error body.
    case server(status: Int, code: String, message: String)
    /// The answer was not what the API promises.
    case malformedAnswer(String)
    /// The task does not exist (404, or WebSocket close 1008).
    case noSuchTask(String)

    public var description: String {
        switch self {
        case .transport(let why): "cannot reach the sidecar: \(why)"
        case .server(let status, _, let message): "the sidecar answered \(status): \(message)"
        case .malformedAnswer(let why): "the sidecar's answer is malformed: \(why)"
        case .noSuchTask(let id): "no such task: \(id)"
        }
    }
}
