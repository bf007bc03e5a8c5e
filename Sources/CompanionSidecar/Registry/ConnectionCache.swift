import CompanionAPI
import Foundation

/// The current connection state kept in memory, so `GET /companion/status` costs no database read.
///
/// The database stays the source of truth: the cache is loaded at open and replaced after every committed
/// write that changes the connection or the connected device.
final class ConnectionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var status = CompanionStatusResponse(connected: false, connectedDevice: nil)

    var current: CompanionStatusResponse {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    func set(_ device: CompanionDevice?) {
        lock.lock()
        defer { lock.unlock() }
        status = CompanionStatusResponse(connected: device != nil, connectedDevice: device)
    }
}
