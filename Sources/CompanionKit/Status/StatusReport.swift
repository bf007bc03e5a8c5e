import CompanionAPI
import CompanionPairing

/// The connection status of a sidecar, from this companion's point of view.
public struct StatusReport: Sendable, Equatable {
    /// The sidecar asked.
    public var sidecarURL: String
    /// True when a device is connected to the sidecar.
    public var connected: Bool
    /// The connected device, if any.
    public var connectedDevice: CompanionDevice?
    /// This companion's pairing record, nil when it is not paired.
    public var thisDevice: PairingRecord?
    /// True when the connected device is this companion.
    public var thisDeviceConnected: Bool
    /// What this device concluded from the audit log head of a signed status (nil when not asked or not paired).
    public var auditWitness: AuditWitness?

    public init(_ status: CompanionStatusResponse, url: String, record: PairingRecord?) {
        sidecarURL = url
        connected = status.connected
        connectedDevice = status.connectedDevice
        thisDevice = record
        thisDeviceConnected = status.connected && record != nil && status.connectedDevice?.id == record?.deviceId
    }

    /// The status as the sidecar sent it.
    public var response: CompanionStatusResponse {
        CompanionStatusResponse(connected: connected, connectedDevice: connectedDevice)
    }
}
