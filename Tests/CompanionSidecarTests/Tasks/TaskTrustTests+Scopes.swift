import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Synchronization
import Testing

/// The task log WebSocket re-checks the device's scopes while open, as `/ws` does (issue 29, finding 11): a device
/// whose `read` scope the owner removes stops receiving lines, as a revoked one does.
extension TrustAttackTests {
    @Test func removingReadClosesTheDevicesOpenLogStream() async throws {
        let sidecar = try sidecar()
        let running = try await sidecar.start()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = HTTPProbe(baseURL: running.baseURL)
        do {
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let client = taskClient(probe, device: device, id: id)
            let script = "i=1; while [ $i -le 4000 ]; do echo \"line $i\"; i=$((i+1)); sleep 0.05; done"
            let task = try await client.create(CreateTaskRequest(title: "long", description: script))
            _ = try await client.start(id: task.id)
            let lines = Mutex<[String]>([])
            async let outcome = TaskLogSocket(client: client).follow(taskID: task.id, after: 0) { batch in
                lines.withLock { $0 += batch.filter { $0.stream == .stdout }.map(\.text) }
            }
            let deadline = ContinuousClock.now + TestDeadline.duration
            while lines.withLock({ $0.count }) < 3 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await sidecar.registry.setScopes([.tasks], deviceID: id, at: Date(), peer: nil) != nil)
            let result = try await outcome
            guard case .unauthorized(let why) = result else {
                Issue.record("the stream should be closed as unauthorized once 'read' was removed, got \(result)")
                await running.stop()
                return
            }
            #expect(why.contains("'read' scope"), "\(why)")
            // Closed by the re-check, not at the task's end (which prints 4000 lines).
            let count = lines.withLock { $0.count }
            #expect(count >= 3 && count < 4000)
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }
}
