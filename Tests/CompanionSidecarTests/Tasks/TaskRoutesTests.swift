import CompanionAPI
import CompanionClient
import CompanionSidecar
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Task REST endpoints (live, loopback)")
struct TaskRoutesTests {
    @Test func createShowListAndErrors() async throws {
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            let client = TaskHarness.client(port: port)
            let task = try await client.create(CreateTaskRequest(title: "hello", description: "do it"))
            #expect(try await client.task(id: task.id) == task)
            #expect(try await client.list().map(\.id) == [task.id])
            await #expect(throws: CompanionClientError.noSuchTask("unknown")) { try await client.task(id: "unknown") }
            // No command configured: a clear 409 (a conflict with the configuration), and the task stays queued.
            await #expect(throws: CompanionClientError.self) { try await client.start(id: task.id) }
            do {
                _ = try await client.start(id: task.id)
            } catch CompanionClientError.server(let status, _, let message) {
                #expect(status == 409)
                #expect(message.contains("--task-command"))
            }
            #expect(try await client.task(id: task.id).status == .queued)
            let cancelled = try await client.cancel(id: task.id)
            #expect(cancelled.status == .cancelled)
            do {
                _ = try await client.cancel(id: task.id)
                Issue.record("cancelling a finished task must fail")
            } catch CompanionClientError.server(let status, let code, _) {
                #expect(status == 409 && code == "conflict")
            }
        }
    }

    @Test func malformedRequestsAre400sInTheErrorShape() async throws {
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            let base = "http://127.0.0.1:\(port)/v1/tasks"
            for body in ["{", #"{"title": 3}"#, #"{"title": "  "}"#, #"{"title": "x", "repo_url": "--upload-pack=x"}"#]
            {
                let (status, error) = try await rawRequest("POST", base, body: Data(body.utf8))
                #expect(status == 400)
                #expect(error?.error.code == "bad_request")
                #expect(error?.ok == false)
            }
            let big =
                Data(#"{"title":"x","description":""#.utf8) + Data(repeating: 0x61, count: 200_000) + Data(#""}"#.utf8)
            #expect(try await rawRequest("POST", base, body: big).status == 413)
            #expect(try await rawRequest("GET", base + "?limit=abc").status == 400)
            #expect(try await rawRequest("GET", base + "/nope/logs/tail?after=-1").status == 400)
            #expect(try await rawRequest("GET", base + "/nope/logs/tail").status == 404)
        }
    }

    @Test func theAPIKeyIsRequired() async throws {
        let key = TaskHarness.apiKey
        let harness = try TaskHarness(command: nil)
        try await harness.live { port in
            await #expect(throws: CompanionClientError.self) {
                try await TaskHarness.client(port: port, apiKey: nil).list()
            }
            #expect(try await rawRequest("GET", "http://127.0.0.1:\(port)/v1/tasks", apiKey: nil).status == 401)
            let wrong = TaskHarness.client(port: port, apiKey: String(key.dropLast()) + "?")
            do {
                _ = try await wrong.list()
                Issue.record("a wrong key must be refused")
            } catch CompanionClientError.server(let status, let code, _) {
                #expect(status == 401 && code == "unauthorized")
            }
            #expect(try await TaskHarness.client(port: port, apiKey: key).list().isEmpty)
        }
        #expect(throws: TaskAPIKeyError.self) { try TaskAPIKey("short") }
    }
}

/// A request with URLSession; the status and the decoded error body, if any.
/// `apiKey` goes in `X-API-Key` (a ``TaskHarness``'s by default).
func rawRequest(_ method: String, _ url: String, body: Data? = nil, apiKey: String? = TaskHarness.apiKey) async throws
    -> (status: Int, error: APIErrorResponse?)
{
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    request.httpBody = body
    if let apiKey { request.setValue(apiKey, forHTTPHeaderField: TaskAPIKey.headerName) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    return (status, try? CompanionJSON.decode(APIErrorResponse.self, from: data))
}
