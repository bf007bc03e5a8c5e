import CompanionTestSupport
import Foundation

/// Runs the built `companion` to its end with extra environment (blocking: the vault tests are synchronous).
func companion(_ arguments: [String], environment: [String: String?] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.run(TestPaths.companionBinary.path, arguments, environment: environment)
}
