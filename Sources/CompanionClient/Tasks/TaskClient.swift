import CompanionAPI
import Foundation

/// Client of the sidecar's task endpoints (`/v1/tasks…`, the orchestrator brief), over ``SidecarTransport``:
/// the same URL policy, redirect refusal, size cap and error type as every other client path.
public struct TaskClient: Sendable {
    /// The transport: base URL, authentication (signature and/or API key), timeout.
    public let transport: SidecarTransport

    /// The sidecar's base URL, e.g. `http://127.0.0.1:7878`.
    public var baseURL: URL { transport.baseURL }

    /// A client over an existing transport.
    public init(transport: SidecarTransport) {
        self.transport = transport
    }

    /// A client for the sidecar at `baseURL` (validated with ``SidecarURLPolicy``), authenticating with an
    /// API key (`X-API-Key`) and/or a request signer, with a per-request timeout in seconds.
    public init(
        baseURL: String, apiKey: String? = nil, signer: (any RequestSigning)? = nil, timeout: TimeInterval = 10
    ) throws(CompanionClientError) {
        transport = try SidecarTransport(
            baseURL: baseURL, authentication: SidecarAuthentication(signer: signer, apiKey: apiKey),
            timeout: .milliseconds(Int64((timeout * 1000).rounded())))
    }

    /// Every task, newest first (`limit` keeps the newest only).
    public func list(limit: Int? = nil) async throws(CompanionClientError) -> [AgentTask] {
        try await send(.tasks(limit: limit), as: TaskListResponse.self).tasks
    }

    /// One task with its steps.
    public func task(id: String) async throws(CompanionClientError) -> AgentTask {
        try await send(.task(id: id), taskID: id, as: TaskResponse.self).task
    }

    /// Creates a queued task.
    public func create(_ request: CreateTaskRequest) async throws(CompanionClientError) -> AgentTask {
        let body: Data
        do { body = try CompanionJSON.encode(request) } catch {
            throw .validation(.invalidRequest("the task could not be encoded"))
        }
        return try await send(.createTask, body: body, as: TaskResponse.self).task
    }

    /// Starts a queued task.
    public func start(id: String) async throws(CompanionClientError) -> AgentTask {
        try await send(.startTask(id: id), taskID: id, as: TaskResponse.self).task
    }

    /// Cancels a queued or running task; answers once the task has ended.
    public func cancel(id: String) async throws(CompanionClientError) -> AgentTask {
        try await send(.cancelTask(id: id), taskID: id, as: TaskResponse.self).task
    }

    /// The log lines after `after`, or the last `lines` lines when `after` is nil.
    public func tail(id: String, after: Int? = nil, lines: Int? = nil, limit: Int? = nil)
        async throws(CompanionClientError) -> TaskLogTailResponse
    {
        try await send(
            .taskLogTail(id: id, after: after, lines: lines, limit: limit), taskID: id, as: TaskLogTailResponse.self)
    }

    /// Sends one request and decodes the answer; a 404 about a named task is ``CompanionClientError/noSuchTask(_:)``.
    func send<Answer: Decodable>(
        _ endpoint: CompanionEndpoint, body: Data? = nil, taskID: String? = nil, as type: Answer.Type
    ) async throws(CompanionClientError) -> Answer {
        let (status, data) = try await transport.send(endpoint, body: body)
        if status == 404, let taskID { throw .noSuchTask(taskID) }
        return try ResponseDecoder.decode(type, data: data, status: status, endpoint: endpoint)
    }
}
