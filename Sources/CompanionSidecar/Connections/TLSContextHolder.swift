import CompanionTLS
import NIOSSL
import Synchronization

/// The TLS context each new connection of a TLS listener takes, and the material it was made from.
///
/// Replacing it (a reload of the user's files, a rotation's switch) affects only connections opened afterwards:
/// an open connection keeps the context its handler was made with, so nothing is dropped.
final class TLSContextHolder: Sendable {
    private let state: Mutex<(context: NIOSSLContext, material: ServerTLSMaterial)>

    init(material: ServerTLSMaterial) throws(TLSMaterialError) {
        let context = try material.makeContext()
        state = Mutex((context, material))
    }

    /// The context for a connection opening now.
    var context: NIOSSLContext { state.withLock { $0.context } }

    /// What the current context serves.
    var material: ServerTLSMaterial { state.withLock { $0.material } }

    /// Makes a context from `material` and serves it to new connections; on failure the current one stays.
    func replace(with material: ServerTLSMaterial) throws(TLSMaterialError) {
        let context = try material.makeContext()
        state.withLock { $0 = (context, material) }
    }
}
