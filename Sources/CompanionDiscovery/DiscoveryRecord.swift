/// What a sidecar advertises as `_companion._tcp` and a browser finds: where it listens and its TXT record.
///
/// TXT keys: `pv` (the highest pairing version it speaks, e.g. `2`), `fp` (the first 64 bits of its identity
/// fingerprint in hex, 16 digits), `ws` (the workstation name). A discovered address is only a hint: pairing
/// proves the key, and the companion checks that the proven key has this `fp`.
public struct DiscoveryRecord: Sendable, Equatable, Codable {
    /// The DNS-SD service type.
    public static let serviceType = "_companion._tcp"

    /// The DNS-SD instance name (the workstation name, possibly with a suffix Avahi added on a conflict).
    public var instance: String
    /// The address found (IPv4 dotted or IPv6 text).
    public var address: String
    public var port: Int
    /// `pv`, when present and numeric.
    public var pairingVersion: Int?
    /// `fp`: 16 hex digits.
    public var shortFingerprint: String?
    /// `ws`.
    public var workstation: String?

    public init(
        instance: String, address: String, port: Int, pairingVersion: Int?, shortFingerprint: String?,
        workstation: String?
    ) {
        self.instance = instance
        self.address = address
        self.port = port
        self.pairingVersion = pairingVersion
        self.shortFingerprint = shortFingerprint
        self.workstation = workstation
    }

    /// `http://address:port` (IPv6 in brackets).
    public var url: String { address.contains(":") ? "http://[\(address)]:\(port)" : "http://\(address):\(port)" }

    /// The TXT strings to advertise.
    public static func txt(pairingVersion: Int, shortFingerprint: String, workstation: String) -> [String] {
        ["pv=\(pairingVersion)", "fp=\(shortFingerprint)", "ws=\(String(workstation.prefix(60)))"]
    }

    /// The record for a service found at `address`:`port` with these TXT strings (see ``fields(_:)``).
    public init(instance: String, address: String, port: Int, txt: [String]) {
        let fields = Self.fields(txt)
        self.init(
            instance: instance, address: address, port: port, pairingVersion: fields.pv, shortFingerprint: fields.fp,
            workstation: fields.ws)
    }

    /// Reads the TXT strings found (unknown keys ignored, values length-bounded). A malformed `pv` (not a positive
    /// number) or `fp` (not 16 hex digits) reads as absent; the companion then treats the record as untrusted.
    static func fields(_ strings: [String]) -> (pv: Int?, fp: String?, ws: String?) {
        var pv: Int?
        var fp: String?
        var ws: String?
        for string in strings {
            let parts = string.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "pv":
                pv =
                    parts[1].count <= 4 && parts[1].allSatisfy(\.isASCII)
                    ? Int(parts[1]).flatMap { $0 >= 1 ? $0 : nil } : nil
            case "fp": fp = parts[1].count == 16 && parts[1].allSatisfy(\.isHexDigit) ? parts[1].uppercased() : nil
            case "ws": ws = String(parts[1].prefix(200))
            default: continue
            }
        }
        return (pv, fp, ws)
    }
}
