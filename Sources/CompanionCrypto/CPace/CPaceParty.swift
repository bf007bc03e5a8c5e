/// One side of a CPace run: its secret scalar, its public share and associated data.
///
/// ```swift
/// let a = CPaceParty(role: .initiator, prs: code, ci: ci, sid: sid)            // A sends a.share, adA
/// let b = CPaceParty(role: .responder, prs: code, ci: ci, sid: sid)
/// let keysB = try b.finish(ownAssociatedData: adB, peerShare: a.share, peerAssociatedData: adA)
/// let keysA = try a.finish(ownAssociatedData: adA, peerShare: b.share, peerAssociatedData: adB)
/// ```
/// The associated data are given when the run finishes, so a side's `AD` may depend on the shares (the sidecar
/// signs them). The scalar and the password-derived generator are held as ``SecureBytes`` and zeroed when the
/// party is released.
public final class CPaceParty: Sendable {
    /// Which side speaks first.
    public enum Role: Sendable { case initiator, responder }

    public let role: Role
    /// `sid`, public.
    public let sid: [UInt8]
    /// This side's public share (`Ya` or `Yb`).
    public let share: [UInt8]
    private let scalar: SecureBytes

    /// Samples a fresh scalar and computes the share `y · g` for the generator of `prs`, `ci` and `sid`.
    public convenience init(role: Role, prs: SecureBytes, ci: [UInt8], sid: [UInt8]) {
        self.init(
            role: role, prs: prs, ci: ci, sid: sid, scalar: Ristretto255.randomScalar())
    }

    /// With a given scalar: for the draft's test vectors only.
    init(role: Role, prs: SecureBytes, ci: [UInt8], sid: [UInt8], scalar: SecureBytes) {
        self.role = role
        self.sid = sid
        self.scalar = scalar
        let generator = CPace.generator(prs: prs, ci: ci, sid: sid)
        // A reduced non-zero scalar times a generator (never the neutral element for a from_hash output of a
        // SHA-512 digest, except with negligible probability) always gives an element.
        guard let product = Ristretto255.multiply(scalar: scalar, secretElement: generator) else {
            preconditionFailure("CPace: the generator times a fresh scalar is the neutral element")
        }
        share = product.withUnsafeBytes { Array($0) }
    }

    /// `K = scalar_mult_vfy(y, Y_peer)`, aborting on `G.I`, then the ISK and the confirmation tags.
    public func finish(ownAssociatedData associatedData: [UInt8], peerShare: [UInt8], peerAssociatedData: [UInt8])
        throws(CPaceError) -> CPaceKeys
    {
        guard let point = Ristretto255.multiply(scalar: scalar, element: peerShare) else { throw .invalidShare }
        let transcript =
            role == .initiator
            ? CPaceEncoding.transcriptIR(ya: share, adA: associatedData, yb: peerShare, adB: peerAssociatedData)
            : CPaceEncoding.transcriptIR(ya: peerShare, adA: peerAssociatedData, yb: share, adB: associatedData)
        let isk = CPace.intermediateSessionKey(sid: sid, sharedPoint: point, transcript: transcript)
        return CPaceKeys(
            sid: sid, isk: isk, ownMessage: CPaceEncoding.lvCat(share, associatedData),
            peerMessage: CPaceEncoding.lvCat(peerShare, peerAssociatedData), transcript: transcript)
    }
}

/// The outcome of a CPace run on one side: the intermediate session key and explicit key confirmation.
///
/// Confirmation follows the draft's suggestion: `mac_key = H("CPaceMac" || sid || ISK)`, and each side sends
/// `HMAC-SHA-512(mac_key, lv_cat(Y, AD))` over the message it sent.
public struct CPaceKeys: Sendable {
    /// The intermediate session key (64 bytes). Never leaves this process.
    public let isk: SecureBytes
    /// `transcript_ir(Ya, ADa, Yb, ADb)`, public.
    public let transcript: [UInt8]
    private let macKey: SecureBytes
    private let ownMessage: [UInt8]
    private let peerMessage: [UInt8]

    init(sid: [UInt8], isk: SecureBytes, ownMessage: [UInt8], peerMessage: [UInt8], transcript: [UInt8]) {
        self.isk = isk
        self.transcript = transcript
        self.ownMessage = ownMessage
        self.peerMessage = peerMessage
        macKey = CPace.confirmationKey(sid: sid, isk: isk)
    }

    /// The tag this side sends: HMAC over its own message.
    public var confirmation: [UInt8] { SHA512.authenticationCode(key: macKey, message: ownMessage) }

    /// Checks the peer's tag in constant time.
    public func verify(peerConfirmation: [UInt8]) throws(CPaceError) {
        let expected = SHA512.authenticationCode(key: macKey, message: peerMessage)
        guard ConstantTime.equals(expected, peerConfirmation) else { throw .confirmationFailed }
    }

}
