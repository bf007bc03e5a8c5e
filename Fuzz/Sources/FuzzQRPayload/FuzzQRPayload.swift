import CompanionAPI
import Foundation
import FuzzSupport

/// Fuzzes `QRPayload.parse(_:)`, the parser for text scanned from a pairing QR code (attacker-supplied: anyone can
/// print a QR code). Invariants: never crashes; an accepted payload satisfies every documented rule; it survives a
/// round trip through `jsonString()`; every error has a printable description.
@_cdecl("FuzzQRPayload_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzSupport.main(argc, argv, test: fuzzQRPayload)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQRPayload(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzSupport.bytes(data, size), as: UTF8.self)
    let payload: QRPayload
    do {
        payload = try QRPayload.parse(text)
    } catch {
        if error.description.isEmpty { FuzzSupport.violation("empty error description for \(error)") }
        return 0
    }
    check(payload)
    return 0
}

private func check(_ payload: QRPayload) {
    guard payload.protocol == QRPayload.protocolName, payload.version == QRPayload.protocolVersion else {
        FuzzSupport.violation("accepted protocol \(payload.protocol) version \(payload.version)")
    }
    guard PairingCode.isValid(payload.code) else { FuzzSupport.violation("accepted code \(payload.code)") }
    let tokenBytes = Array(payload.token.utf8)
    let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    guard (22...128).contains(tokenBytes.count), tokenBytes.allSatisfy(alphabet.contains) else {
        FuzzSupport.violation("accepted token \(payload.token)")
    }
    guard let url = URL(string: payload.url), ["http", "https"].contains(url.scheme?.lowercased()),
        url.host?.isEmpty == false
    else { FuzzSupport.violation("accepted URL \(payload.url)") }
    // What the companion shows and re-encodes must not crash, and must parse back to the same payload.
    _ = Timestamp.string(from: payload.expiresAt)
    let again: QRPayload
    do {
        again = try QRPayload.parse(try payload.jsonString())
    } catch {
        FuzzSupport.violation("re-encoded payload does not parse: \(error)")
    }
    guard again.url == payload.url, again.name == payload.name, again.code == payload.code,
        again.token == payload.token, again.fingerprint == payload.fingerprint,
        // 2 ms, not 1: past about the year 2255 Timestamp's microsecond rounding of a Double loses precision and
        // a date can come back 1 ms early (known, harmless for expiry times; see docs/fuzzing.md).
        abs(again.expiresAt.timeIntervalSince(payload.expiresAt)) < 0.002
    else { FuzzSupport.violation("round trip changed the payload: \(payload) -> \(again)") }
}
