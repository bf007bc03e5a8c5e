import CompanionAPI
import Foundation

/// The current connection state kept in memory, so `GET /companion/status` costs no database read.
///
/// The database stays the source of truth: the cache is loaded at open and replaced after every committed
/// write that changes the connection or the connected device. The JSON body is encoded once per change, so
/// the status route costs no more than a trivial one.
final class ConnectionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var status = CompanionStatusResponse(connected: false, connectedDevice: nil)
    private var json: [UInt8] = Array(#"{"connected":false,"connectedDevice":null,"ok":true}"#.utf8)

    var current: CompanionStatusResponse {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// The current status as JSON, as `GET /companion/status` answers it.
    var currentJSON: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return json
    }

    func set(_ device: CompanionDevice?) {
        let next = CompanionStatusResponse(connected: device != nil, connectedDevice: device)
        let encoded = (try? CompanionJSON.encode(next)).map(Array.init) ?? []
        lock.lock()
        defer { lock.unlock() }
        status = next
        json = encoded
    }
}
