import CompanionAPI
import Foundation
import GRDB

/// The orchestrator feature of the sidecar: task storage, the runner and live log broadcasting. Its routes are
/// added behind a required ``TaskRouteGuard``.
package struct TaskService: Sendable {
    package let store: TaskStore
    package let hub: LogHub
    package let runner: TaskRunner
    /// When false the WebSocket log endpoint refuses to upgrade (clients fall back to tail polling).
    package let webSocketEnabled: Bool

    /// Builds the service on a migrated database (see ``TaskStore/registerMigrations(in:)``).
    package init(
        writer: any DatabaseWriter, configuration: TaskRunnerConfiguration, webSocketEnabled: Bool = true
    ) {
        let store = TaskStore(writer: writer)
        let hub = LogHub()
        self.store = store
        self.hub = hub
        self.runner = TaskRunner(store: store, hub: hub, configuration: configuration)
        self.webSocketEnabled = webSocketEnabled
    }
}
