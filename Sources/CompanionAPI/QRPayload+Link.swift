import CompanionCrypto
import Foundation

/// The phone link form of a pairing payload: `<url>/app/#pair=<fields>`, which a phone's camera opens as the
/// sidecar's web app, with the invitation in the URL fragment (never sent to any server, wiped from history by the
/// page). The QR image holds this link (``qrText()``); `companion pair scan` reads either form.
///
/// The fragment is eight fields separated by `.` (none can hold one), short enough for a version-10 QR:
/// ```text
/// pair=1.<code>.<token>.<expiresAt, Unix seconds>.<pairingVersion or empty>.<fingerprint digest, base64url or empty>
///      .<TLS pin digest, base64url or empty>.<name, percent-encoded>
/// ```
/// The link's origin is the payload's `url`. `TestVectors/qr/pairing-link.txt` holds one (checked both ways by
/// `QRPayloadLinkTests` and by the web app's own parser in the browser tests).
extension QRPayload {
    /// The web app's path on the sidecar.
    public static let appPath = "/app/"
    static let linkFormat = "1"

    /// The phone link of this payload.
    public func appLink() -> String {
        let fingerprintDigest = fingerprint.flatMap(Fingerprint.init(parsing:)).map { Base64URL.encode($0.digest) }
        let name = self.name.addingPercentEncoding(withAllowedCharacters: Self.nameCharacters) ?? ""
        let fields = [
            Self.linkFormat, code, token, String(Int64(expiresAt.timeIntervalSince1970.rounded(.down))),
            pairingVersion.map(String.init) ?? "", fingerprintDigest ?? "",
            tlsPin.map { Base64URL.encode($0.digest) } ?? "",
            name,
        ]
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        return base + Self.appPath + "#pair=" + fields.joined(separator: ".")
    }

    /// This payload with its phone link set (``appURL``).
    public func withAppLink() -> QRPayload {
        var payload = self
        payload.appURL = appLink()
        return payload
    }

    /// What the QR image holds: the phone link when there is one, else the JSON text.
    public func qrText() throws -> String {
        if let appURL { return appURL }
        return try jsonString()
    }

    /// Parses a phone link (``appLink()``); the payload's `url` is the link's origin.
    static func parse(link text: String) throws(QRPayloadError) -> QRPayload {
        guard text.utf8.count <= maxTextBytes, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { throw .invalidLink("not an http(s) URL") }
        guard components.path == appPath || components.path == "/app" else {
            throw .invalidLink("its path is not \(appPath)")
        }
        // The fragment as sent (percent-encoded): a name's encoded `.` must not split fields.
        guard let fragment = components.percentEncodedFragment, fragment.hasPrefix("pair=") else {
            throw .invalidLink("it has no #pair= invitation")
        }
        let fields = fragment.dropFirst("pair=".count).split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        guard fields.count == 8, fields[0] == linkFormat else { throw .invalidLink("its invitation has another form") }
        guard let seconds = Int64(fields[3]) else { throw .missingOrInvalidField("expiresAt") }
        guard fields[4].isEmpty || Int(fields[4]) != nil else { throw .missingOrInvalidField("pairingVersion") }
        var fingerprint: String?
        if !fields[5].isEmpty {
            guard let digest = Base64URL.decode(fields[5]), digest.count == 32 else {
                throw .missingOrInvalidField("fingerprint")
            }
            fingerprint = Fingerprint(digest: digest).description
        }
        var pin: TLSPin?
        if !fields[6].isEmpty {
            guard let digest = Base64URL.decode(fields[6]), let parsed = TLSPin(digest: digest) else {
                throw .missingOrInvalidField("tlsPin")
            }
            pin = parsed
        }
        guard let name = fields[7].removingPercentEncoding else { throw .missingOrInvalidField("name") }
        let port = components.port.map { ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let payload = QRPayload(
            url: "\(scheme)://\(bracketed)\(port)", name: name, code: fields[1], token: fields[2],
            expiresAt: Date(timeIntervalSince1970: TimeInterval(seconds)), fingerprint: fingerprint,
            pairingVersion: fields[4].isEmpty ? nil : Int(fields[4]), tlsPin: pin, appURL: text)
        guard PairingCode.isValid(payload.code) else { throw .invalidCode }
        let tokenAlphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        guard (22...128).contains(payload.token.count), payload.token.allSatisfy(tokenAlphabet.contains) else {
            throw .invalidToken
        }
        return payload
    }

    /// Characters a name keeps unencoded in the link: letters, digits, `-`, `_`, `~` (`.` separates fields).
    static let nameCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~")
}
