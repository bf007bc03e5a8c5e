import Foundation

/// The contents of `qrPayload`: the JSON text the workstation shows as a QR code.
///
/// ```json
/// {"code":"123456","expiresAt":"2026-02-25T10:00:00.000Z","name":"workstation",
///  "protocol":"companionkit-pairing","token":"…","url":"http://192.168.1.20:7878","version":1}
/// ```
/// `fingerprint` (the sidecar identity key, `SHA256:…`) is present when the sidecar has an identity, and so is
/// `pairingVersion`: the highest pairing exchange the sidecar speaks (2: CPace, see `PairingProtocolV2`). A
/// companion that reads 2 never falls back to the v1 exchange; v1 companions ignore the field. `tlsPin` (see
/// ``TLSPin``) is present when the sidecar serves HTTPS: the companion accepts no other TLS key from then on.
public struct QRPayload: Codable, Sendable, Equatable {
    /// Protocol name every payload carries.
    public static let protocolName = "companionkit-pairing"
    /// Highest protocol version this build understands.
    public static let protocolVersion = 1

    public var `protocol`: String
    public var version: Int
    /// Base URL of the sidecar, e.g. `http://192.168.1.20:7878`.
    public var url: String
    /// Host name of the workstation, shown so the person knows what they are pairing with.
    public var name: String
    /// The 6-digit pairing code.
    public var code: String
    /// Single-use pairing token (at least 128 random bits, base64url).
    public var token: String
    public var expiresAt: Date
    /// Fingerprint of the sidecar's Ed25519 identity key (`SHA256:<base64>`), used for pinning.
    public var fingerprint: String?
    /// The highest pairing exchange version the sidecar speaks; absent means 1.
    public var pairingVersion: Int?
    /// The pin of the sidecar's TLS key (`sha256//<base64>`), present when its URL is `https`.
    public var tlsPin: TLSPin?
    /// The phone link (`<url>/app/#pair=…`, ``appLink()``): what the QR image holds when present, so a phone's
    /// camera opens the sidecar's web app with the invitation in the fragment. An addition; older companions
    /// ignore it.
    public var appURL: String?

    public init(
        url: String, name: String, code: String, token: String, expiresAt: Date, fingerprint: String? = nil,
        pairingVersion: Int? = nil, tlsPin: TLSPin? = nil, appURL: String? = nil,
        protocol: String = QRPayload.protocolName, version: Int = QRPayload.protocolVersion
    ) {
        self.protocol = `protocol`
        self.version = version
        self.url = url
        self.name = name
        self.code = code
        self.token = token
        self.expiresAt = expiresAt
        self.fingerprint = fingerprint
        self.pairingVersion = pairingVersion
        self.tlsPin = tlsPin
        self.appURL = appURL
    }

    /// The compact JSON text to put in a QR code.
    public func jsonString() throws -> String {
        String(decoding: try CompanionJSON.encode(self), as: UTF8.self)
    }
}

/// Why a scanned text is not a usable pairing payload.
public enum QRPayloadError: Error, Equatable, Sendable, CustomStringConvertible {
    case notJSON
    case missingOrInvalidField(String)
    case wrongProtocol(String)
    case unsupportedVersion(Int)
    case invalidCode
    case invalidURL(String)
    case invalidToken
    /// A link that is not a CompanionKit phone link (`<url>/app/#pair=…`), with why.
    case invalidLink(String)

    public var description: String {
        switch self {
        case .notJSON: "the QR code does not hold a CompanionKit pairing payload (not JSON)"
        case .missingOrInvalidField(let field): "the pairing payload has a missing or invalid field '\(field)'"
        case .wrongProtocol(let name):
            "the QR code is for another protocol ('\(name.prefix(40))'), not \(QRPayload.protocolName)"
        case .unsupportedVersion(let version):
            "the pairing payload uses protocol version \(version); this companion supports up to \(QRPayload.protocolVersion): update the companion"
        case .invalidCode: "the pairing payload's code is not 6 digits"
        case .invalidURL(let url): "the pairing payload's sidecar URL is not an http(s) URL: \(url.prefix(80))"
        case .invalidToken: "the pairing payload's token is malformed"
        case .invalidLink(let why): "the QR code's link is not a CompanionKit pairing link: \(why)"
        }
    }
}

extension QRPayload {
    /// Largest payload text accepted, in bytes (a version-40 QR holds under 3 KB).
    public static let maxTextBytes = 4096

    /// Parses and validates scanned text. Expiry is not checked here: it depends on the clock.
    public static func parse(_ text: String) throws(QRPayloadError) -> QRPayload {
        if text.hasPrefix("https://") || text.hasPrefix("http://"), text.contains("#pair=") {
            return try parse(link: text)
        }
        guard text.utf8.count <= maxTextBytes, let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data), let dict = object as? [String: Any]
        else { throw .notJSON }
        guard let name = dict["protocol"] as? String else { throw .missingOrInvalidField("protocol") }
        guard name == protocolName else { throw .wrongProtocol(name) }
        guard let version = dict["version"] as? Int else { throw .missingOrInvalidField("version") }
        guard version >= 1, version <= protocolVersion else { throw .unsupportedVersion(version) }
        let payload: QRPayload
        do { payload = try CompanionJSON.decode(QRPayload.self, from: data) } catch {
            throw .missingOrInvalidField(Self.fieldName(of: error))
        }
        // Checked again on the decoded value: with a duplicated key ("protocol":"x","protocol":"companionkit-pairing")
        // JSONSerialization and JSONDecoder can keep different occurrences.
        guard payload.protocol == protocolName else { throw .wrongProtocol(payload.protocol) }
        guard payload.version == version else { throw .missingOrInvalidField("version") }
        guard PairingCode.isValid(payload.code) else { throw .invalidCode }
        guard let url = URL(string: payload.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { throw .invalidURL(payload.url) }
        let tokenAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard (22...128).contains(payload.token.count), payload.token.allSatisfy(tokenAlphabet.contains) else {
            throw .invalidToken
        }
        return payload
    }

    private static func fieldName(of error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): key.stringValue
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.last?.stringValue ?? "?"
        default: "?"
        }
    }
}
