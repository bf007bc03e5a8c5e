import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// The workstation owner's channel to a running sidecar: a Unix domain socket in the data directory
/// (`owner.sock`, mode 0600 inside the 0700 directory). Every connection's peer credentials are read from the
/// kernel (`SO_PEERCRED`) and only the sidecar's own user is served, so no other local user and no machine
/// on the network can reach the routes behind it (list and revoke devices, change their scopes, start a pairing, read
/// the audit log). Routes that add power also check the peer's process ancestry (``PeerAncestry``).
package enum OwnerSocket {
    /// File name of the socket inside the data directory.
    package static let fileName = "owner.sock"

    /// Longest socket path the kernel accepts (`sun_path` is 108 bytes, with the terminating NUL).
    static let maxPathBytes = 107

    /// The socket's path in `dataDirectory`.
    package static func path(in dataDirectory: URL) -> String {
        dataDirectory.appendingPathComponent(fileName).path
    }

    /// The kernel's `struct ucred` (`pid_t`, `uid_t`, `gid_t`), as `getsockopt(SO_PEERCRED)` fills it.
    struct PeerCredentials: Sendable {
        var pid: Int32 = 0
        var uid: UInt32 = UInt32.max
        var gid: UInt32 = UInt32.max
    }

    /// The credentials of the process at the other end of `channel`, or nil when the channel is not a socket that
    /// can tell (never guessed).
    static func peerCredentials(of channel: any Channel) async -> PeerCredentials? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: NIOBSDSocket.OptionLevel.socket, name: NIOBSDSocket.Option(rawValue: CInt(SO_PEERCRED)))
        guard let credentials = try? await future.get(), credentials.uid != UInt32.max else { return nil }
        return credentials
    }
}
