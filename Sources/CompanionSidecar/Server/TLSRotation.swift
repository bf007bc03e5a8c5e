import CompanionAPI
import CompanionTLS
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A TLS key announced to replace the current one at `switchAt` (`companion sidecar tls rotate`).
package struct TLSRotation: Sendable {
    package var next: TLSServerKey
    package var switchAt: Date

    package init(next: TLSServerKey, switchAt: Date) {
        self.next = next
        self.switchAt = switchAt
    }
}

/// Refusals of a rotation.
package enum TLSRotationError: Error, Equatable, CustomStringConvertible {
    /// The sidecar serves the user's own certificate files, whose key the user's tools manage.
    case userCertificate
    /// No listener serves TLS.
    case noTLS

    package var description: String {
        switch self {
        case .userCertificate:
            "this sidecar serves the certificate given with --tls-cert: renew or replace those files instead (a new key there needs paired devices to re-pair)"
        case .noTLS: "this sidecar serves no TLS listener (only loopback): there is no TLS key to rotate"
        }
    }
}

extension SidecarTLS {
    /// What `GET /companion/tls` answers.
    var status: TLSStatusResponse {
        let rotation = rotation.withLock { $0 }
        return TLSStatusResponse(current: pin, next: rotation?.next.pin, switchAt: rotation?.switchAt)
    }

    /// Announces `rotation`, replacing any announced before; the switch happens at its time
    /// (``TLSRotationService``).
    func announce(_ rotation: TLSRotation) throws(TLSRotationError) {
        guard case .selfSigned = source else { throw .userCertificate }
        self.rotation.withLock { $0 = rotation }
    }

    /// Serves the announced key now if its time has come; returns its pin when it switched.
    func switchIfDue(now: Date) throws(TLSMaterialError) -> TLSPin? {
        // Only the sidecar's own key rotates: a certificate the user brought is renewed in its files.
        guard case .selfSigned = source, let due = rotation.withLock({ $0 }), due.switchAt <= now else { return nil }
        try holder.replace(with: Self.material(.selfSigned(due.next), names: names, kept: kept))
        rotation.withLock { $0 = nil }
        return due.next.pin
    }
}

/// Switches to an announced TLS key at its time (checked every second), so that new connections get the new key;
/// open ones keep the old one. The pairing payload's pin follows.
struct TLSRotationService: Service {
    let tls: SidecarTLS
    let pairing: PairingManager
    let logger: Logger
    let now: @Sendable () -> Date

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    if let pin = try tls.switchIfDue(now: now()) {
                        await pairing.setTLS(pin: pin, certificate: tls.holder.material.leafDER)
                        logger.notice("TLS key rotated: now serving \(pin)")
                    }
                } catch {
                    logger.error("TLS key rotation failed: \(error); still serving \(tls.pin)")
                }
                // Graceful shutdown cancels the sleep: the loop ends and the service returns, as a stopping group
                // expects (a thrown CancellationError made `sidecar serve` exit 1 on SIGTERM).
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
