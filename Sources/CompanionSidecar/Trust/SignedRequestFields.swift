import CompanionAPI
import HTTPTypes

/// The signed-request headers as HTTP field names, made once (parsing a name on every request shows in profiles).
enum SignedRequestFields {
    static let device = HTTPField.Name(SignedRequestHeader.device)!
    static let timestamp = HTTPField.Name(SignedRequestHeader.timestamp)!
    static let nonce = HTTPField.Name(SignedRequestHeader.nonce)!
    static let signature = HTTPField.Name(SignedRequestHeader.signature)!
    static let all = [device, timestamp, nonce, signature]

    /// The value of the signed-request header `name` (one of ``SignedRequestHeader``'s) in `fields`.
    static func value(_ name: String, in fields: HTTPFields) -> String? {
        switch name {
        case SignedRequestHeader.device: fields[device]
        case SignedRequestHeader.timestamp: fields[timestamp]
        case SignedRequestHeader.nonce: fields[nonce]
        case SignedRequestHeader.signature: fields[signature]
        default: HTTPField.Name(name).flatMap { fields[$0] }
        }
    }

    /// True when `fields` carries any of the four headers.
    static func anyPresent(in fields: HTTPFields) -> Bool {
        all.contains { fields[$0] != nil }
    }
}
