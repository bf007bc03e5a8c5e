import CompanionTestSupport
import Foundation

/// Runs the built `companion` to its end with extra environment (on a thread of its own).
func companion(_ arguments: [String], environment: [String: String?] = [:]) async throws -> ProcessRunner.Result {
    try await ProcessRunner.run(TestPaths.companionBinary.path, arguments, environment: environment)
}
