import Testing

@testable import CompanionAPI

/// The body hash in the canonical request: the documented empty-body constant and FIPS 180-2's "abc" vector.
struct CanonicalRequestTests {
    func canonical(body: [UInt8]) -> CanonicalRequest {
        CanonicalRequest(method: "get", pathAndQuery: "/p", deviceID: "d", timestampMillis: 1, nonce: "n", body: body)
    }

    @Test func bodyHashesAreLowercaseHexSHA256() {
        #expect(canonical(body: []).bodySHA256Hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            canonical(body: Array("abc".utf8)).bodySHA256Hex
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(canonical(body: []).method == "GET")
    }
}
