import CompanionAPI
import CompanionClient
import Foundation

/// How a companion reaches the task endpoints, and the advice their failures get. Requests are signed with this
/// device's key only when it is paired with that very sidecar, and carry the API key when one is given or stored.
public enum TaskAccess {
    /// The task endpoints of the sidecar at `url` (else the stored sidecar URL), with `apiKey` (else the stored
    /// one); every call of the answer throws a ``CompanionError`` with this type's advice (``failure(_:)``).
    ///
    /// `store` may be nil when the vault cannot be opened: then `url` is required and requests carry only the
    /// API key given here.
    public static func tasks(
        url: String?, apiKey: String?, store: CompanionStore?, timeout: TimeInterval = 10
    ) throws(CompanionError) -> WorkstationTasks {
        WorkstationTasks(
            client: TaskClient(
                transport: try SidecarAccess.transport(url: url, apiKey: apiKey, store: store, timeout: timeout)))
    }

    /// The failure a task call's error stands for: like `CompanionError.from(_:)`, with the task
    /// endpoints' own advice for a refused request (pair, or give the API key) and an unknown task.
    public static func failure(_ error: any Error) -> CompanionError {
        var failure = CompanionError.from(error)
        guard case .server(let status, _, let message)? = failure.clientError else { return failure }
        if status == 401 {
            failure.message = "the sidecar refused the request: \(message)"
            failure.hint =
                "pair this device with the sidecar (`companion pair scan|code`), or give the sidecar's API key "
                + "(`companion tasks api-key --file FILE`, --api-key-file or $COMPANION_API_KEY)"
        } else if status == 404, message.hasPrefix("no such task") {
            failure.message = message
            failure.hint = "list tasks with `companion tasks list`"
        }
        return failure
    }
}
