import CompanionAPI
import CompanionCrypto
import Foundation
import FuzzSupport

/// Fuzzes the request verifier (`RequestAuthenticator` and `CanonicalRequest`) with arbitrary requests and with
/// mutations of validly signed ones. Invariants: never crashes; accepts only a request that was signed (same
/// method up to ASCII case, path, device, timestamp text, nonce, signature bytes and body); accepts it once
/// (a replay is refused as such); the canonical form of a well-formed request splits back into its fields.
///
/// Input: a flags byte, then either (bit 7 clear) the fields method, path, device, timestamp, nonce, signature
/// and body separated by NUL bytes (the body takes the rest), or (bit 7 set) a ``Mutation`` program. Flag bits
/// 0-2 below 4 drop that header (device, timestamp, nonce, signature).
@_cdecl("FuzzRequestVerifier_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzSupport.main(argc, argv, test: fuzzRequestVerifier)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestVerifier(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzSupport.bytes(data, size)
    guard let flags = input.first else { return 0 }
    let request: WireRequest
    if flags & 0x80 != 0 {
        request = Mutation.apply(input.dropFirst(), to: KnownRequests.all)
    } else {
        let fields = Array(input.dropFirst()).fields(WireRequest.fieldCount).map { $0 ?? [] }
        request = WireRequest(
            method: fields[0], path: fields[1], device: fields[2], timestamp: fields[3], nonce: fields[4],
            signature: fields[5], body: fields[6])
    }
    checkCanonicalForm(request)
    verify(request, dropping: Int(flags & 0x07))
    return 0
}

/// Writes the seed corpus (one file per known request) when FUZZ_WRITE_SEEDS names a directory, then exits.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let directory = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"] else { return 0 }
    for (index, request) in KnownRequests.all.enumerated() {
        let url = URL(fileURLWithPath: directory).appendingPathComponent("signed-\(index)")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(request.seed))
        let mutation = URL(fileURLWithPath: directory).appendingPathComponent("mutate-\(index)")
        _ = FileManager.default.createFile(atPath: mutation.path, contents: Data([0x87, UInt8(index), 0x20, 0, 0]))
    }
    exit(0)
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

private func verify(_ request: WireRequest, dropping dropped: Int) {
    let names = [
        SignedRequestHeader.device, SignedRequestHeader.timestamp, SignedRequestHeader.nonce,
        SignedRequestHeader.signature,
    ]
    var headers: [String: String] = [:]
    for (index, value) in [request.device, request.timestamp, request.nonce, request.signature].enumerated()
    where index != dropped {
        headers[names[index].lowercased()] = text(value)
    }
    let method = text(request.method)
    let path = text(request.path)
    let body = request.body
    let sent = headers
    let authenticator = RequestAuthenticator(
        windowSeconds: 60, now: { KnownRequests.now }, lookup: { KnownRequests.trusted[$0] })
    let (first, second) = FuzzSupport.runBlocking {
        let first = await authenticator.authenticate(method: method, pathAndQuery: path, body: body) {
            sent[$0.lowercased()]
        }
        let second = await authenticator.authenticate(method: method, pathAndQuery: path, body: body) {
            sent[$0.lowercased()]
        }
        return (first, second)
    }
    guard case .success(let device) = first else { return }
    // Strings decoded from the wire bytes: what the verifier saw (invalid UTF-8 became U+FFFD).
    let seen = WireRequest(
        method: Array(method.utf8), path: Array(path.utf8), device: Array((sent["x-companion-device"] ?? "").utf8),
        timestamp: Array((sent["x-companion-timestamp"] ?? "").utf8),
        nonce: Array((sent["x-companion-nonce"] ?? "").utf8), signature: request.signature, body: body)
    guard KnownRequests.all.prefix(3).contains(where: { isSame(seen, $0) }), Array(device.utf8) == seen.device else {
        FuzzSupport.violation("accepted a request nobody signed: \(seen)")
    }
    guard second == .failure(.replayedNonce) else {
        FuzzSupport.violation("replay of an accepted request was not refused as a replay: \(second)")
    }
}

/// The same request as `signed`: method equal up to ASCII case (the canonical form uppercases it), every other
/// field byte for byte, and a signature header that decodes to the same 64 bytes.
private func isSame(_ seen: WireRequest, _ signed: WireRequest) -> Bool {
    func asciiUpper(_ bytes: [UInt8]) -> [UInt8] { bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 } }
    guard asciiUpper(seen.method) == asciiUpper(signed.method), seen.path == signed.path,
        seen.device == signed.device, seen.timestamp == signed.timestamp, seen.nonce == signed.nonce,
        seen.body == signed.body,
        let got = Data(base64Encoded: text(seen.signature)), let want = Data(base64Encoded: text(signed.signature))
    else { return false }
    return got == want
}

/// A well-formed canonical request's bytes split at LF back into exactly its seven fields.
private func checkCanonicalForm(_ request: WireRequest) {
    let canonical = CanonicalRequest(
        method: text(request.method), pathAndQuery: text(request.path), deviceID: text(request.device),
        timestampMillis: Int64(text(request.timestamp)) ?? 0, nonce: text(request.nonce), body: request.body)
    guard canonical.isWellFormed else { return }
    let lines = canonical.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    let expected = [
        CanonicalRequest.domain, canonical.method, canonical.pathAndQuery, canonical.deviceID,
        String(canonical.timestampMillis), canonical.nonce, canonical.bodySHA256Hex,
    ].map { Array($0.utf8) }
    guard lines == expected else {
        FuzzSupport.violation("a well-formed canonical request does not split back into its fields: \(canonical)")
    }
}
