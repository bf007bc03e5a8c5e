import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import WSClient

/// Classifies a transport error of AsyncHTTPClient or SwiftNIO as a ``NetworkFailure`` a person can act on.
/// Library error texts are never shown as they are: an unknown error becomes a short, fixed sentence.
enum TransportFailure {
    static func classify(_ error: any Error) -> NetworkFailure {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout: return .timedOut
            case .remoteConnectionClosed: return .other("the sidecar closed the connection before answering")
            case .invalidURL, .emptyHost, .emptyScheme: return .other("the URL cannot be used for HTTP")
            default: return .other("the HTTP exchange failed")
            }
        }
        if let error = error as? IOError { return classify(errno: error.errnoCode) }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return classify(first.error) }
            return .hostNotFound
        }
        if error is SocketAddressError { return .hostNotFound }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return .timedOut
            case .eof, .ioOnClosedChannel, .alreadyClosed:
                return .other("the sidecar closed the connection before answering")
            default: return .other("the connection failed")
            }
        }
        if let error = error as? WebSocketClientError {
            if error == .webSocketUpgradeFailed {
                return .other("the sidecar did not accept the WebSocket upgrade (a redirect or an error answer)")
            }
            return .other("the WebSocket failed")
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .other("the TLS handshake with the sidecar failed")
        }
        if error is CancellationError { return .other("the request was cancelled") }
        return .other("the connection failed")
    }

    static func classify(errno code: Int32) -> NetworkFailure {
        switch code {
        case ECONNREFUSED: .refused
        case ENETUNREACH, ENETDOWN: .offline
        case EHOSTUNREACH, EHOSTDOWN: .timedOut
        case ETIMEDOUT: .timedOut
        case ECONNRESET, EPIPE: .other("the sidecar reset the connection")
        default: .other("the connection failed (\(String(cString: strerror(code))))")
        }
    }
}
