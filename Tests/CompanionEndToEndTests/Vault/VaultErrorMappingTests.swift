import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault
@testable import CompanionVaultSecretService

/// Unusable Secret Service situations become clear errors pointing to `--vault file`, exit status 3.
struct VaultErrorMappingTests {
    func expectVaultFailure(_ result: ProcessRunner.Result, _ fragment: String) {
        #expect(result.status == 3, "\(result.output)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stderr.contains("--vault file"))
        #expect(!result.stderr.contains("Fatal error"))
        let ours = result.stderr.split(separator: "\n").filter { $0.hasPrefix("companion:") || $0.hasPrefix("  hint:") }
        #expect(ours.count == 2, "one error line and one hint line: \(result.stderr)")
    }

    @Test func busAddressPointingNowhere() async throws {
        let result = try await companion(
            ["keys", "show"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "COMPANION_VAULT": nil])
        expectVaultFailure(result, "no D-Bus session bus")
    }

    @Test func noBusAndNoDisplayForAutolaunch() async throws {
        let result = try await companion(
            ["keys", "init"],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": nil, "DISPLAY": nil, "WAYLAND_DISPLAY": nil, "COMPANION_VAULT": nil,
            ])
        expectVaultFailure(result, "no D-Bus session bus")
    }

    @Test(.enabled(if: ProcessRunner.exists("dbus-run-session")))
    func busWithoutSecretService() async throws {
        // A private session bus that can activate nothing, so no Secret Service can appear on it.
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("bus.conf")
        try Data(
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>session</type><listen>unix:dir=\(dir.path)</listen>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
            <allow own="*"/><allow receive_sender="*"/><allow receive_requested_reply="true"/></policy></busconfig>
            """.utf8
        ).write(to: config)
        let result = try await ProcessRunner.run(
            "dbus-run-session", ["--config-file=\(config.path)", "--", TestPaths.companionBinary.path, "keys", "show"],
            environment: ["COMPANION_VAULT": "secret-service"])
        expectVaultFailure(result, "no Secret Service is running")
    }

    @Test(.enabled(if: ProcessRunner.exists("gnome-keyring-daemon") && ProcessRunner.exists("dbus-run-session")))
    func lockedDefaultCollection() async throws {
        // A throwaway bus and keyring whose login collection we lock before running companion.
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = """
            export HOME="\(dir.path)" XDG_DATA_HOME="\(dir.path)/data" XDG_RUNTIME_DIR="\(dir.path)"
            eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
            for _ in $(seq 50); do dbus-send --session --print-reply --dest=org.freedesktop.DBus / \
              org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q true && break; sleep 0.1; done
            dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
              org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
            unset DISPLAY WAYLAND_DISPLAY
            "\(TestPaths.companionBinary.path)" keys init
            status=$?
            kill "$GNOME_KEYRING_PID" 2>/dev/null
            exit $status
            """
        let result = try await ProcessRunner.run(
            "dbus-run-session", ["--", "sh", "-c", script], environment: ["COMPANION_VAULT": "auto"])
        let stderr = result.stderr.split(separator: "\n").filter {
            $0.hasPrefix("companion:") || $0.hasPrefix("  hint:")
        }
        #expect(result.status == 3, "\(result.output)")
        #expect(stderr.joined(separator: "\n").contains("the default keyring is locked"))
        #expect(stderr.joined(separator: "\n").contains("--vault file"))
    }

    @Test func classificationOfRemoteErrors() {
        let unknown = SecretServiceConnection.classify(
            GLibError(
                domain: "g-dbus-error-quark", code: 2, message: "x",
                remoteName: "org.freedesktop.DBus.Error.ServiceUnknown"))
        #expect(unknown == .secretServiceUnavailable(.noDaemon, detail: "x"))
        let io = SecretServiceConnection.classify(
            GLibError(domain: "g-io-error-quark", code: 1, message: "Could not connect", remoteName: nil))
        #expect(io == .secretServiceUnavailable(.noSessionBus, detail: "Could not connect"))
        let other = SecretServiceConnection.classify(
            GLibError(
                domain: "g-dbus-error-quark", code: 19, message: "No such secret item",
                remoteName: "org.freedesktop.Secret.Error.NoSuchObject"))
        #expect(other == .secretService(operation: "connection", detail: "No such secret item"))
    }
}
