import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// Why `sidecar serve` could not listen, in words a person can act on (never the socket library's own text).
package enum ServeFailure {
    /// One line saying what happened and one saying what to do, for an error thrown while binding `host:port`.
    package static func explain(_ error: any Error, host: String, port: Int) -> (message: String, hint: String) {
        switch errorNumber(of: error) {
        case EADDRINUSE:
            return (
                "port \(port) on \(host) is already in use by another program",
                "is a sidecar already running (`companion sidecar service status`)? stop it, or pass another --port "
                    + "(--port 0 picks a free one)"
            )
        case EACCES:
            return (
                "not allowed to listen on port \(port) on \(host)",
                "ports below 1024 need privileges: use the default 7878 or another port above 1023"
            )
        case EADDRNOTAVAIL:
            return (
                "\(host) is not an address of this machine",
                "pass one of this machine's addresses (`ip -brief address`), 127.0.0.1, or 0.0.0.0 for all"
            )
        default:
            let text = String(describing: error)
            if text.contains("resolve") || text.contains("unknown host") || text.contains("getaddrinfo") {
                return ("cannot resolve the host name \(host)", "pass an IP address, or a name this machine resolves")
            }
            return (
                "cannot serve on \(host):\(port): \(text.prefix(200))",
                "is another sidecar running? pick another --port, or --port 0 for a free one"
            )
        }
    }

    /// The `errno` behind a socket error, when there is one.
    static func errorNumber(of error: any Error) -> Int32? {
        if let io = error as? IOError { return io.errnoCode }
        let text = String(describing: error)
        if text.contains("Address already in use") || text.contains("errno: 98") { return EADDRINUSE }
        if text.contains("Permission denied") || text.contains("errno: 13") { return EACCES }
        if text.contains("Cannot assign requested address") || text.contains("errno: 99") { return EADDRNOTAVAIL }
        return nil
    }
}
