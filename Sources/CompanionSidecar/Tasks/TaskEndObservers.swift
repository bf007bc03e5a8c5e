import CompanionAPI
import Synchronization

/// Callbacks told when a task run ends, with the task as it started and how it ended (Web Push's "a task
/// finished"). Called on the runner, so each must return at once.
package final class TaskEndObservers: Sendable {
    private let observers = Mutex<[@Sendable (AgentTask, TaskStatus) -> Void]>([])

    package init() {}

    /// Adds `observer`.
    package func add(_ observer: @escaping @Sendable (AgentTask, TaskStatus) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    func notify(_ task: AgentTask, _ status: TaskStatus) {
        for observer in observers.withLock({ $0 }) { observer(task, status) }
    }
}
