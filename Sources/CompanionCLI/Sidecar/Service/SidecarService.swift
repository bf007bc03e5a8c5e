import CompanionFiles
import CompanionPaths
import Foundation
import Subprocess

/// Installs, removes and inspects the sidecar's systemd user service (``SidecarUnit``) with `systemctl --user`.
///
/// The unit file is written atomically to `$XDG_CONFIG_HOME/systemd/user/companion-sidecar.service`. Without a
/// reachable user manager (no login session, no `loginctl enable-linger`), installing still writes the file and
/// says what to run; nothing else is touched.
package struct SidecarService: Sendable {
    /// The unit's name for `systemctl`.
    package static let unitName = "companion-sidecar.service"

    /// Where user units live: `$XDG_CONFIG_HOME/systemd/user`.
    package let unitDirectory: URL
    /// The environment `systemctl` runs with.
    let environment: [String: String]

    /// The service of the user whose environment is `environment`.
    package init(environment: [String: String] = CommandContext.current.environment) {
        self.environment = environment
        unitDirectory = CompanionDirectories(environment: environment).baseDirectory(.config)
            .appendingPathComponent("systemd/user")
    }

    /// The unit file's path.
    package var unitPath: URL { unitDirectory.appendingPathComponent(SidecarUnit.fileName) }

    /// What `status` reports.
    package struct Status: Sendable, Equatable, Codable {
        /// True when the unit file exists.
        package var installed: Bool
        /// The unit file's path.
        package var unitPath: String
        /// `ActiveState` (`active`, `inactive`, `failed`…), nil when no user manager answered.
        package var activeState: String?
        /// `SubState` (`running`, `dead`…), nil when no user manager answered.
        package var subState: String?
        /// `UnitFileState` (`enabled`, `disabled`…), nil when no user manager answered.
        package var enabled: String?
        /// The main process id while running, nil otherwise.
        package var mainPID: Int?
        /// Why the user manager could not be asked, when it could not.
        package var managerProblem: String?
    }

    /// Writes `unit` (replacing an earlier one), then, when `start`, reloads the user manager and enables and
    /// starts the service. Returns the status afterwards.
    package func install(_ unit: SidecarUnit, start: Bool) async throws -> Status {
        if case .plain(let path) = unit.passphrase { try Self.checkPassphraseFile(path) }
        if case .encrypted(let path) = unit.passphrase, !FileManager.default.fileExists(atPath: path) {
            throw SidecarServiceError(
                "the encrypted credential \(path) does not exist",
                hint: "write it with `systemd-creds encrypt --user --name=vault-passphrase - \(path)`")
        }
        do {
            try FileManager.default.createDirectory(at: unitDirectory, withIntermediateDirectories: true)
            try AtomicFile.replace(unitPath.path, with: Data(unit.text.utf8), mode: .keeping(orNew: 0o644))
        } catch {
            throw SidecarServiceError(
                "cannot write \(unitPath.path): \(Self.reason(error))",
                hint: "check that \(unitDirectory.path) is writable")
        }
        if start {
            try await systemctl(["daemon-reload"])
            try await systemctl(["enable", "--now", Self.unitName])
        }
        return await status()
    }

    /// Stops and disables the service and removes its unit file. Returns whether a unit file was removed.
    package func uninstall() async throws -> Bool {
        let existed = FileManager.default.fileExists(atPath: unitPath.path)
        if (try? await systemctl(["disable", "--now", Self.unitName])) == nil, existed {
            // No user manager: nothing runs under it; removing the file is all there is to do.
        }
        if existed {
            do { try FileManager.default.removeItem(at: unitPath) } catch {
                throw SidecarServiceError(
                    "cannot remove \(unitPath.path): \(Self.reason(error))", hint: "remove it by hand")
            }
            _ = try? await systemctl(["daemon-reload"])
        }
        return existed
    }

    /// The unit file and what the user manager says about the service.
    package func status() async -> Status {
        var status = Status(installed: FileManager.default.fileExists(atPath: unitPath.path), unitPath: unitPath.path)
        do {
            let output = try await systemctl(
                ["show", "--property=ActiveState,SubState,UnitFileState,MainPID", Self.unitName])
            for line in output.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "ActiveState": status.activeState = parts[1]
                case "SubState": status.subState = parts[1]
                case "UnitFileState": status.enabled = parts[1].isEmpty ? nil : parts[1]
                case "MainPID": status.mainPID = Int(parts[1]).flatMap { $0 > 0 ? $0 : nil }
                default: break
                }
            }
        } catch let error as SidecarServiceError {
            status.managerProblem = error.message
        } catch {
            status.managerProblem = Self.reason(error)
        }
        return status
    }

    /// The passphrase file must exist, be a regular file of this user and readable by nobody else.
    static func checkPassphraseFile(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SidecarServiceError(
                "the passphrase file \(path) cannot be read: \(String(cString: strerror(errno)))",
                hint: "create it: (umask 077; printf '%s' 'PASSPHRASE' > \(path))")
        }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
            throw SidecarServiceError(
                "the passphrase file \(path) is not a regular file of yours", hint: "use a file you own")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw SidecarServiceError(
                "the passphrase file \(path) is readable by other users (mode \(String(info.st_mode & 0o777, radix: 8)))",
                hint: "run `chmod 600 \(path)`")
        }
    }

    /// Runs `systemctl --user ARGS`; its standard output, or a ``SidecarServiceError`` with its message.
    @discardableResult
    func systemctl(_ arguments: [String]) async throws -> String {
        var keys: [Subprocess.Environment.Key: String] = [:]
        for (name, value) in environment {
            if let key = Subprocess.Environment.Key(rawValue: name) { keys[key] = value }
        }
        let outcome: (success: Bool, output: String, error: String)
        do {
            let result = try await Subprocess.run(
                .name("systemctl"), arguments: Arguments(["--user"] + arguments), environment: .custom(keys),
                output: .string(limit: 64 * 1024), error: .string(limit: 16 * 1024))
            outcome = (result.terminationStatus.isSuccess, result.standardOutput, result.standardError)
        } catch {
            throw SidecarServiceError(
                "systemctl could not be run", hint: "install systemd, or start `companion sidecar serve` another way")
        }
        guard outcome.success else {
            let said = outcome.error.split(separator: "\n").first.map(String.init) ?? ""
            throw SidecarServiceError(
                "`systemctl --user \(arguments.joined(separator: " "))` failed: \(said)",
                hint: "a user manager runs only in a login session: log in, or run `loginctl enable-linger $USER` once "
                    + "so it runs at boot without one")
        }
        return outcome.output
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? FileWriteError { return String(cString: strerror(error.errno)) }
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError) ?? nsError
        if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        return nsError.localizedDescription
    }
}

/// A service operation failed: what happened and what to do.
package struct SidecarServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    package var message: String
    /// What to do next.
    package var hint: String

    /// A failure with its fix.
    package init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    package var description: String { message }
}
