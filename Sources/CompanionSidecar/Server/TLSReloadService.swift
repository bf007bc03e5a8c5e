import CompanionTLS
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// Reads the user's certificate and key files again when they change (checked every two seconds: modification
/// time, size and inode of both) or on SIGHUP, and serves them to new connections; open connections keep theirs.
/// A reload that fails (a half-written renewal, a key that does not match) keeps the current material and logs
/// why at error level; a later change or SIGHUP tries again.
struct TLSReloadService: Service {
    let tls: SidecarTLS
    let certificate: URL
    let key: URL
    let pairing: PairingManager
    let logger: Logger
    var pollInterval: Duration = .seconds(2)

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        try await cancelWhenGracefulShutdown {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in signals { await reload(because: "SIGHUP") }
                }
                group.addTask {
                    var seen = stamp()
                    while !Task.isCancelled {
                        // Cancelled at graceful shutdown: end the loop without an error (see TLSRotationService).
                        try? await Task.sleep(for: pollInterval)
                        if Task.isCancelled { break }
                        let now = stamp()
                        if now != seen {
                            seen = now
                            await reload(because: "the files changed")
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    private func reload(because reason: String) async {
        do {
            let (before, after) = try tls.reload()
            await pairing.setTLS(pin: after, certificate: tls.holder.material.leafDER)
            if before == after {
                logger.notice("TLS certificate reloaded (\(reason)); same key \(after)")
            } else {
                logger.warning(
                    "TLS certificate reloaded (\(reason)) with a NEW key \(after) (was \(before)): paired devices refuse it until they learn the new pin (announce it with `companion sidecar tls rotate` before switching keys)"
                )
            }
        } catch {
            logger.error(
                "TLS certificate not reloaded (\(reason)): \(error); \(error.hint); still serving the previous one")
        }
    }

    /// What identifies the files' contents without reading them.
    private func stamp() -> [String] {
        [certificate, key].map { url in
            var info = stat()
            guard stat(url.path, &info) == 0 else { return "missing" }
            return "\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
    }
}

extension Sidecar {
    /// The reload of the user's TLS files, when the TLS listeners serve them.
    func tlsReloadService() -> TLSReloadService? {
        guard let tls, case .files(let certificate, let key) = tls.source else { return nil }
        return TLSReloadService(tls: tls, certificate: certificate, key: key, pairing: pairing, logger: logger)
    }
}
