import CompanionAPI
import CompanionClient

/// The devices a sidecar trusts.
public struct DeviceList: Sendable, Equatable {
    /// The sidecar asked.
    public let sidecarURL: String
    /// Every trusted device.
    public let devices: [CompanionDevice]
    /// This companion's device id, nil when it is not paired.
    public let thisDeviceId: String?
}

/// The result of revoking a device.
public struct Revocation: Sendable, Equatable {
    /// The revoked device id.
    public let revoked: String
    /// True when it was this companion (whose pairing is then forgotten locally too).
    public let thisDevice: Bool
    /// The status after the revocation.
    public let status: StatusReport
}

extension Companion {
    /// The devices the sidecar trusts (signed).
    public func devices(url: String? = nil) async throws(CompanionError) -> DeviceList {
        let url = try sidecarURL(override: url)
        let record = try store.pairing()
        let client = try signedClient(url: url, record: record)
        let list = try await Self.call { () throws(CompanionClientError) in try await client.devices() }
        return DeviceList(sidecarURL: url, devices: list.devices, thisDeviceId: record?.deviceId)
    }

    /// Removes a device's trust at once (signed). Revoking this very device also forgets its pairing locally.
    public func revoke(deviceID id: String, url: String? = nil) async throws(CompanionError) -> Revocation {
        let url = try sidecarURL(override: url)
        var record = try store.pairing()
        let client = try signedClient(url: url, record: record)
        let status = try await Self.call { () throws(CompanionClientError) in try await client.revokeDevice(id: id) }
        let isMine = record?.deviceId == id
        if isMine {
            try store.clearPairing()
            record = nil
        }
        return Revocation(revoked: id, thisDevice: isMine, status: StatusReport(status, url: url, record: record))
    }
}
