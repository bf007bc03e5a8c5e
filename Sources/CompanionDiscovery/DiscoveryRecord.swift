/// What a sidecar advertises as `_companion._tcp` and a browser finds: where it listens and its TXT record.
///
/// TXT keys: `pv` (the highest pairing version it speaks, e.g. `2`), `fp` (the first 64 bits of its identity
/// fingerprint in hex, 16 digits), `ws` (the workstation name), `tlspin` (when it serves HTTPS: the pin of its
/// TLS key, `sha256//<base64>`, curl's form; the address is then reached with `https`). A discovered address is
/// only a hint: pairing proves the key, and the companion checks that the proven key has this `fp`.
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
    /// `tlspin`: `sha256//` and 44 base64 characters; present when the sidecar serves HTTPS there.
    public var tlsPin: String?

    public init(
        instance: String, address: String, port: Int, pairingVersion: Int?, shortFingerprint: String?,
        workstation: String?, tlsPin: String? = nil
    ) {
        self.instance = instance
        self.address = address
        self.port = port
        self.pairingVersion = pairingVersion
        self.shortFingerprint = shortFingerprint
        self.workstation = workstation
        self.tlsPin = tlsPin
    }

    /// `https://address:port` when the record has a TLS pin, else `http://` (IPv6 in brackets).
    public var url: String {
        let scheme = tlsPin == nil ? "http" : "https"
        return address.contains(":") ? "\(scheme)://[\(address)]:\(port)" : "\(scheme)://\(address):\(port)"
    }

    /// The TXT strings to advertise.
    public static func txt(
        pairingVersion: Int, shortFingerprint: String, workstation: String, tlsPin: String? = nil
    ) -> [String] {
        ["pv=\(pairingVersion)", "fp=\(shortFingerprint)", "ws=\(String(workstation.prefix(60)))"]
            + (tlsPin.map { ["tlspin=\($0)"] } ?? [])
    }

    /// The record for a service found at `address`:`port` with these TXT strings (see ``fields(_:)``).
    public init(instance: String, address: String, port: Int, txt: [String]) {
        let fields = Self.fields(txt)
        self.init(
            instance: instance, address: address, port: port, pairingVersion: fields.pv, shortFingerprint: fields.fp,
            workstation: fields.ws, tlsPin: fields.tlspin)
    }

    /// Reads the TXT strings found (unknown keys ignored, values length-bounded). A malformed `pv` (not a positive
    /// number), `fp` (not 16 hex digits) or `tlspin` (not `sha256//` and 44 base64 characters ending in `=`) reads
    /// as absent; the companion then treats the record as untrusted.
    static func fields(_ strings: [String]) -> (pv: Int?, fp: String?, ws: String?, tlspin: String?) {
        var pv: Int?
        var fp: String?
        var ws: String?
        var tlspin: String?
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
            case "tlspin": tlspin = Self.isPinText(parts[1]) ? parts[1] : nil
            default: continue
            }
        }
        return (pv, fp, ws, tlspin)
    }

    /// True for `sha256//` followed by the 44-character standard base64 of 32 bytes.
    static func isPinText(_ text: String) -> Bool {
        let prefix = "sha256//"
        guard text.hasPrefix(prefix) else { return false }
        let digits = Array(text.utf8.dropFirst(prefix.utf8.count))
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        // 32 bytes leave the last digit's two low bits zero: one of 16 characters before the `=`.
        return digits.count == 44 && digits.last == UInt8(ascii: "=") && digits.dropLast().allSatisfy(alphabet.contains)
            && "AEIMQUYcgkosw048".utf8.contains(digits[42])
    }
}
