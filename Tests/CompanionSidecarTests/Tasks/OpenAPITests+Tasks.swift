import CompanionAPI
import CompanionTestSupport
import Foundation

/// The task operations of the OpenAPI document, each status a client can provoke on a sidecar without a task
/// command, in requests signed by a paired device (at `clock`'s time).
extension OpenAPITests {
    static func exerciseTasks(_ probe: HTTPProbe, clock: ManualClock) async throws -> [Sample] {
        let device = TestDevice(name: "Task Runner")
        let id = try await device.pair(probe)
        let record = SampleRecorder(probe) { method, path, body in
            device.signedHeaders(id: id, method, path, body: body, now: clock.now)
        }
        let create = Data(
            #"{"title":"documented","description":"d","repo_url":"https://example.com/team/repo.git"}"#.utf8)
        let task = try await record("POST", "/v1/tasks", "/v1/tasks", create).decode(TaskResponse.self).task
        let review = #"{"title":"review","repo_url":"https://example.com/team/repo.git","pr":123}"#
        _ = try await record("POST", "/v1/tasks", "/v1/tasks", Data(review.utf8))  // 201, with pr
        _ = try await record("POST", "/v1/tasks", "/v1/tasks", Data(#"{"title":"r","pr":0}"#.utf8))  // 400
        _ = try await record("POST", "/v1/tasks", "/v1/tasks", Data(#"{"title":""}"#.utf8))  // 400
        _ = try await record("POST", "/v1/tasks", "/v1/tasks", Data(repeating: 32, count: 200_000))  // 413
        _ = try await record("GET", "/v1/tasks", "/v1/tasks")
        _ = try await record("GET", "/v1/tasks", "/v1/tasks?limit=x")  // 400
        _ = try await record("GET", "/v1/tasks/{id}", "/v1/tasks/\(task.id)")
        _ = try await record("GET", "/v1/tasks/{id}", "/v1/tasks/unknown")  // 404
        _ = try await record("POST", "/v1/tasks/{id}/start", "/v1/tasks/\(task.id)/start")  // 409: no task command
        _ = try await record("POST", "/v1/tasks/{id}/start", "/v1/tasks/unknown/start")  // 404
        _ = try await record("POST", "/v1/tasks/{id}/cancel", "/v1/tasks/unknown/cancel")  // 404
        _ = try await record("POST", "/v1/tasks/{id}/cancel", "/v1/tasks/\(task.id)/cancel")
        _ = try await record("POST", "/v1/tasks/{id}/cancel", "/v1/tasks/\(task.id)/cancel")  // 409
        _ = try await record("POST", "/v1/tasks/{id}/start", "/v1/tasks/\(task.id)/start")  // 409
        _ = try await record("GET", "/v1/tasks/{id}/logs/tail", "/v1/tasks/\(task.id)/logs/tail?after=0")
        _ = try await record("GET", "/v1/tasks/{id}/logs/tail", "/v1/tasks/\(task.id)/logs/tail?lines=abc")  // 400
        _ = try await record("GET", "/v1/tasks/{id}/logs/tail", "/v1/tasks/unknown/logs/tail")  // 404
        return record.samples
    }
}
