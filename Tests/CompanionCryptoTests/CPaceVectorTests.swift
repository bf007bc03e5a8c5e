import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCrypto

/// draft-irtf-cfrg-cpace's vectors for CPACE-RISTR255-SHA512 (TestVectors/cpace/ristretto255-sha512.json, decoded
/// from the draft's own base64 JSON blocks): every step of a run is checked against them.
struct CPaceVectorTests {
    struct Vectors: Decodable {
        let generator: [String: StringOrInt]
        let `protocol`: [String: String]
        let scalarMult: ScalarMult
        let prependLen: [String: String]
        let lvCat: [String: String]
        let oCat: [String: String]
        let transcriptIR: [String: String]
        let transcriptOC: [String: String]

        struct ScalarMult: Decodable {
            let valid: [String: String]
            let invalidY1: String
            let invalidY2: String
            enum CodingKeys: String, CodingKey {
                case valid = "Valid"
                case invalidY1 = "Invalid Y1"
                case invalidY2 = "Invalid Y2"
            }
        }
    }

    enum StringOrInt: Decodable {
        case string(String)
        case int(Int)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Int.self) {
                self = .int(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
        var hex: [UInt8] {
            guard case .string(let text) = self else { preconditionFailure("not a string") }
            return Hex.decode(text)
        }
    }

    static let vectors: Vectors = {
        let url = TestPaths.testVectors.appendingPathComponent("cpace/ristretto255-sha512.json")
        do { return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url)) } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    static func bytes(_ dictionary: [String: String], _ key: String) -> [UInt8] {
        guard let text = dictionary[key] else { preconditionFailure("vector \(key) missing") }
        return Hex.decode(text)
    }

    static func secret(_ bytes: [UInt8]) -> SecureBytes { SecureBytes(bytes) }

    @Test func prependLengthAndLVCat() {
        let v = Self.vectors
        #expect(CPaceEncoding.prependLength([]) == Self.bytes(v.prependLen, "prepend_len(b'')"))
        #expect(CPaceEncoding.prependLength(Array("1234".utf8)) == Self.bytes(v.prependLen, "prepend_len(b'1234')"))
        #expect(
            CPaceEncoding.prependLength((0..<127).map { UInt8($0) })
                == Self.bytes(v.prependLen, "prepend_len(bytes(range(127)))"))
        #expect(
            CPaceEncoding.prependLength((0..<128).map { UInt8($0) })
                == Self.bytes(v.prependLen, "prepend_len(bytes(range(128)))"))
        // Two-byte LEB128 beyond the vectors: 300 = 0b10_0101100 → AC 02.
        #expect(Array(CPaceEncoding.prependLength([UInt8](repeating: 7, count: 300)).prefix(2)) == [0xAC, 0x02])
        #expect(
            CPaceEncoding.lvCat(Array("1234".utf8), Array("5".utf8), [], Array("678".utf8))
                == Self.bytes(v.lvCat, "lv_cat(b'1234',b'5',b'',b'678')"))
    }

    @Test func orderedConcatenationAndTranscripts() {
        let v = Self.vectors
        let abcd = Array("ABCD".utf8)
        let bcd = Array("BCD".utf8)
        #expect(CPaceEncoding.orderedConcatenation(abcd, bcd) == Self.bytes(v.oCat, "o_cat(b'ABCD',b'BCD')"))
        #expect(
            CPaceEncoding.orderedConcatenation(bcd, Array("ABCDE".utf8)) == Self.bytes(v.oCat, "o_cat(b'BCD',b'ABCDE')")
        )
        let partyA = Array("PartyA".utf8)
        let partyB = Array("PartyB".utf8)
        for (ya, yb) in [("123", "234"), ("3456", "2345")] {
            let key = "(b'\(ya)',b'PartyA',b'\(yb)',b'PartyB')"
            #expect(
                CPaceEncoding.transcriptIR(ya: Array(ya.utf8), adA: partyA, yb: Array(yb.utf8), adB: partyB)
                    == Self.bytes(v.transcriptIR, "transcript_ir" + key))
            #expect(
                CPaceEncoding.transcriptOC(ya: Array(ya.utf8), adA: partyA, yb: Array(yb.utf8), adB: partyB)
                    == Self.bytes(v.transcriptOC, "transcript_oc" + key))
        }
    }

    @Test func generatorCalculation() throws {
        let g = Self.vectors.generator
        let prs = try #require(g["PRS"]).hex
        let ci = try #require(g["CI"]).hex
        let sid = try #require(g["sid"]).hex
        #expect(try #require(g["DSI"]).hex == CPace.domainSeparator)
        guard case .int(let blockSize) = try #require(g["H.s_in_bytes"]) else { throw VectorError.shape }
        #expect(blockSize == SHA512.blockSize)
        let string = CPaceEncoding.generatorString(
            dsi: CPace.domainSeparator, prs: Self.secret(prs), ci: ci, sid: sid, blockSize: blockSize)
        let expectedString = try #require(g["generator_string(G.DSI,PRS,CI,sid,H.s_in_bytes)"]).hex
        #expect(string.withUnsafeBytes { Array($0) } == expectedString)
        // ZPAD: the zero run after DSI and PRS has the length the draft prints.
        guard case .int(let zpad) = try #require(g["ZPAD length"]) else { throw VectorError.shape }
        #expect(expectedString[1 + 17 + 1 + 8] == UInt8(zpad))
        let digest = SHA512.hash(string)
        #expect(digest.withUnsafeBytes { Array($0) } == (try #require(g["hash result"]).hex))
        let generator = CPace.generator(prs: Self.secret(prs), ci: ci, sid: sid)
        #expect(generator.withUnsafeBytes { Array($0) } == (try #require(g["encoded generator g"]).hex))
    }

    @Test func sharesSharedPointAndISK() throws {
        let p = Self.vectors.protocol
        let prs = Self.bytes(p, "PRS")
        let ci = Self.bytes(p, "CI")
        let sid = Self.bytes(p, "sid")
        #expect(
            CPace.generator(prs: Self.secret(prs), ci: ci, sid: sid).withUnsafeBytes { Array($0) } == Self.bytes(p, "g")
        )
        let adA = Self.bytes(p, "ADa")
        let adB = Self.bytes(p, "ADb")
        let a = CPaceParty(
            role: .initiator, prs: Self.secret(prs), ci: ci, sid: sid, scalar: Self.secret(Self.bytes(p, "ya")))
        let b = CPaceParty(
            role: .responder, prs: Self.secret(prs), ci: ci, sid: sid, scalar: Self.secret(Self.bytes(p, "yb")))
        #expect(a.share == Self.bytes(p, "Ya"))
        #expect(b.share == Self.bytes(p, "Yb"))
        // K = scalar_mult_vfy(ya, Yb) = scalar_mult_vfy(yb, Ya).
        let kA = try #require(Ristretto255.multiply(scalar: Self.secret(Self.bytes(p, "ya")), element: b.share))
        let kB = try #require(Ristretto255.multiply(scalar: Self.secret(Self.bytes(p, "yb")), element: a.share))
        #expect(kA.withUnsafeBytes { Array($0) } == Self.bytes(p, "K"))
        #expect(kB.constantTimeEquals(kA))
        // The ISK hash input, then the ISK, in the initiator-responder setting …
        let transcript = CPaceEncoding.transcriptIR(
            ya: a.share, adA: adA, yb: b.share, adB: adB)
        #expect(transcript == Self.bytes(p, "transcript_ir"))
        let iskInput = CPaceEncoding.lvCat(CPace.domainSeparator + Array("_ISK".utf8), sid, Self.bytes(p, "K"))
        #expect(iskInput + transcript == Self.bytes(p, "ISK_IR input"))
        let keysA = try a.finish(ownAssociatedData: adA, peerShare: b.share, peerAssociatedData: adB)
        let keysB = try b.finish(ownAssociatedData: adB, peerShare: a.share, peerAssociatedData: adA)
        #expect(keysA.isk.withUnsafeBytes { Array($0) } == Self.bytes(p, "ISK_IR"))
        #expect(keysB.isk.constantTimeEquals(keysA.isk))
        #expect(keysA.transcript == transcript)
        // … and in the symmetric setting (transcript_oc), from the same K.
        let ordered = CPaceEncoding.transcriptOC(ya: a.share, adA: adA, yb: b.share, adB: adB)
        #expect(ordered == Self.bytes(p, "transcript_oc"))
        #expect(iskInput + ordered == Self.bytes(p, "ISK_SY input"))
        let iskSY = CPace.intermediateSessionKey(sid: sid, sharedPoint: kA, transcript: ordered)
        #expect(iskSY.withUnsafeBytes { Array($0) } == Self.bytes(p, "ISK_SY"))
        // The optional session id output.
        #expect(SHA512.hash(Array("CPaceSidOutput".utf8) + transcript) == Self.bytes(p, "sid_output_ir"))
        #expect(SHA512.hash(Array("CPaceSidOutput".utf8) + ordered) == Self.bytes(p, "sid_output_oc"))
        // Key confirmation both ways.
        try keysB.verify(peerConfirmation: keysA.confirmation)
        try keysA.verify(peerConfirmation: keysB.confirmation)
        #expect(keysA.confirmation != keysB.confirmation)
    }
}
