import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCrypto

/// CPace where it must fail: invalid points and scalars, and runs whose passwords or channels differ.
extension CPaceVectorTests {
    @Test func scalarMultValidAndInvalidInputs() throws {
        let s = Self.vectors.scalarMult
        let scalar = Self.secret(Self.bytes(s.valid, "s"))
        let product = try #require(Ristretto255.multiply(scalar: scalar, element: Self.bytes(s.valid, "X")))
        #expect(product.withUnsafeBytes { Array($0) } == Self.bytes(s.valid, "G.scalar_mult_vfy(s,X)"))
        #expect(product.withUnsafeBytes { Array($0) } == Self.bytes(s.valid, "G.scalar_mult(s,decode(X))"))
        // Y_i1 does not decode, Y_i2 is the neutral element: scalar_mult_vfy gives G.I (nil) and a run aborts.
        #expect(Ristretto255.multiply(scalar: scalar, element: Hex.decode(s.invalidY1)) == nil)
        #expect(Ristretto255.multiply(scalar: scalar, element: Hex.decode(s.invalidY2)) == nil)
        let p = Self.vectors.protocol
        let a = CPaceParty(
            role: .initiator, prs: Self.secret(Self.bytes(p, "PRS")), ci: Self.bytes(p, "CI"),
            sid: Self.bytes(p, "sid"))
        for invalid in [s.invalidY1, s.invalidY2] {
            #expect(throws: CPaceError.invalidShare) {
                try a.finish(ownAssociatedData: [], peerShare: Hex.decode(invalid), peerAssociatedData: [])
            }
        }
        #expect(throws: CPaceError.invalidShare) {
            try a.finish(ownAssociatedData: [], peerShare: [1, 2, 3], peerAssociatedData: [])
        }
    }

    @Test func differentPasswordsOrChannelsDoNotConfirm() throws {
        let sid = SecureRandom.bytes(16)
        func run(_ codeA: String, _ codeB: String, ciA: String = "ci", ciB: String = "ci") throws -> Bool {
            let a = CPaceParty(role: .initiator, prs: SecureBytes(Array(codeA.utf8)), ci: Array(ciA.utf8), sid: sid)
            let b = CPaceParty(role: .responder, prs: SecureBytes(Array(codeB.utf8)), ci: Array(ciB.utf8), sid: sid)
            let keysB = try b.finish(ownAssociatedData: [66], peerShare: a.share, peerAssociatedData: [65])
            let keysA = try a.finish(ownAssociatedData: [65], peerShare: b.share, peerAssociatedData: [66])
            do {
                try keysA.verify(peerConfirmation: keysB.confirmation)
                try keysB.verify(peerConfirmation: keysA.confirmation)
                return true
            } catch { return false }
        }
        #expect(try run("123456", "123456"))
        #expect(try !run("123456", "123457"))
        #expect(try !run("123456", "123456", ciB: "other"))
    }

    enum VectorError: Error { case shape }
}
