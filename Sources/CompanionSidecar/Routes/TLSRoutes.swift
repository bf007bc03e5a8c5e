import CompanionAPI
import Hummingbird

/// `GET /companion/tls` (signed, scope `read`): the pin served now and an announced next one
/// (``TLSStatusResponse``), so that paired devices learn a new key before the sidecar switches to it. A sidecar
/// with no TLS listener answers 404.
struct TLSRoutes {
    let tls: SidecarTLS?

    func register(on group: RouterGroup<SidecarRequestContext>) {
        group.get("tls") { _, _ in
            guard let tls else {
                throw SidecarError.notFound("this sidecar serves no TLS listener (loopback only): it has no TLS key")
            }
            return try JSONBody.response(tls.status)
        }
    }
}
