import CompanionSidecar
import Foundation
import Testing

/// One sidecar per data directory: a second one refuses to start (it would fail the first one's running tasks
/// and miss its revocations), and the directory is free again once the first one stops.
@Suite struct DataDirectoryLockTests {
    @Test func aSecondSidecarOnTheSameDirectoryRefusesToStart() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let first = try await fixture.sidecar.start()
        let second = try Sidecar(configuration: fixture.sidecar.configuration, logLevel: .warning)
        await #expect(throws: DataDirectoryInUse.self) { _ = try await second.start() }
        do {
            _ = try await second.start()
        } catch let error as DataDirectoryInUse {
            #expect(error.description.contains("another sidecar is already serving from"))
        }
        await first.stop()
        let again = try await second.start()
        await again.stop()
    }
}
