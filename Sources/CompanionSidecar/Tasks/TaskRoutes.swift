import CompanionAPI
import Foundation
import Hummingbird

/// The REST endpoints of the orchestrator brief under `/v1/tasks`.
extension TaskService {
    /// Largest accepted `POST /v1/tasks` body.
    package static let maxCreateBodyBytes = 128 * 1024

    /// Adds the task routes in their own group at `/v1/tasks`, every one of them behind `guard`. Errors are
    /// ``SidecarError``s, answered in the API's error shape by the sidecar's `ErrorMiddleware` (or by Hummingbird
    /// itself on a router without it).
    @discardableResult
    package func addRoutes<Context: RequestContext>(
        to router: some RouterMethods<Context>, guard routeGuard: TaskRouteGuard<Context>
    ) -> RouterGroup<Context> {
        let group = router.group("v1/tasks").add(middleware: routeGuard.middleware)
        group.get { request, _ in try await self.list(request) }
        group.post { request, _ in try await self.create(request) }
        group.get(":id") { _, context in try await self.show(context.parameters.require("id")) }
        group.post(":id/start") { _, context in try await self.start(context.parameters.require("id")) }
        group.post(":id/cancel") { _, context in try await self.cancel(context.parameters.require("id")) }
        group.get(":id/logs/tail") { request, context in
            try await self.tail(context.parameters.require("id"), request)
        }
        return group
    }

    func list(_ request: Request) async throws -> Response {
        let limit = try TaskQuery.integer("limit", in: request, range: 1...1_000_000)
        let body = try await store.listJSON(limit: limit)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    func create(_ request: Request) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxCreateBodyBytes)
        } catch {
            throw SidecarError(.payloadTooLarge, "the request body is larger than \(Self.maxCreateBodyBytes) bytes")
        }
        let create: CreateTaskRequest
        do {
            create = try CompanionJSON.decode(CreateTaskRequest.self, from: Data(body.readableBytesView))
        } catch {
            throw SidecarError(.badRequest, "the body must be JSON with a string title (and description, repo_url)")
        }
        if let problem = create.validationError() { throw SidecarError(.badRequest, problem) }
        if let repoURL = create.repoURL {
            do { _ = try runner.clonePolicy.source(for: repoURL) } catch {
                throw SidecarError(.badRequest, error.description)
            }
        }
        let task = try await store.create(create)
        return try JSONBody.response(TaskResponse(task: task), status: .created)
    }

    func show(_ id: String) async throws -> Response {
        guard TaskID.isPlausible(id), let task = try await store.task(id: id) else { throw SidecarError.noSuchTask(id) }
        return try JSONBody.response(TaskResponse(task: task))
    }

    func start(_ id: String) async throws -> Response {
        guard TaskID.isPlausible(id) else { throw SidecarError.noSuchTask(id) }
        do {
            return try JSONBody.response(TaskResponse(task: try await runner.start(id: id)))
        } catch let refusal as TaskRunner.Refusal {
            throw SidecarError(refusal, id: id)
        }
    }

    func cancel(_ id: String) async throws -> Response {
        guard TaskID.isPlausible(id) else { throw SidecarError.noSuchTask(id) }
        do {
            return try JSONBody.response(TaskResponse(task: try await runner.cancel(id: id)))
        } catch let refusal as TaskRunner.Refusal {
            throw SidecarError(refusal, id: id)
        }
    }

    func tail(_ id: String, _ request: Request) async throws -> Response {
        guard TaskID.isPlausible(id) else { throw SidecarError.noSuchTask(id) }
        let after = try TaskQuery.integer("after", in: request, range: 0...Int.max)
        let lines = try TaskQuery.integer("lines", in: request, range: 0...TaskStore.maxTailLines)
        let limit = try TaskQuery.integer("limit", in: request, range: 1...TaskStore.maxTailLines)
        if after != nil && lines != nil { throw SidecarError(.badRequest, "use either after or lines, not both") }
        let tailRequest: TaskStore.TailRequest = after.map { .after($0) } ?? .last(lines ?? 100)
        guard let answer = try await store.tail(taskID: id, tailRequest, limit: limit ?? TaskStore.maxTailLines)
        else { throw SidecarError.noSuchTask(id) }
        return try JSONBody.response(answer)
    }
}

extension SidecarError {
    init(_ refusal: TaskRunner.Refusal, id: String) {
        switch refusal {
        case .notFound:
            self = .noSuchTask(id)
        case .noCommand:
            // A conflict with the sidecar's configuration, not a failure of the server: 409, like its code.
            self.init(.conflict, "this sidecar has no task command configured; start it with --task-command")
        case .notQueued(let status):
            self.init(.conflict, "task \(id) cannot start: it is \(status.rawValue), not queued")
        case .alreadyFinished(let status):
            self.init(.conflict, "task \(id) cannot be cancelled: it has already ended (\(status.rawValue))")
        }
    }
}

/// Query parameters of the task routes.
enum TaskQuery {
    /// An optional integer parameter; 400 when present but not a number in `range`.
    static func integer(_ name: String, in request: Request, range: ClosedRange<Int>) throws -> Int? {
        guard let text = request.uri.queryParameters[Substring(name)] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw SidecarError(
                .badRequest, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
