/// CPace (draft-irtf-cfrg-cpace) with the CPACE-RISTR255-SHA512 suite: ristretto255 and SHA-512.
///
/// One party is the initiator (A, it sends first) and the other the responder (B); transcripts use the
/// initiator-responder encoding (`transcript_ir`). The password-related string (PRS), the channel identifier
/// (CI) and the session id (sid) must be the same on both sides; the associated data (ADa, ADb) travel in the
/// clear. Only the public shares and associated data cross the wire. See ``CPaceParty``.
public enum CPace {
    /// `G.DSI` of ristretto255: `CPaceRistretto255`.
    public static let domainSeparator = Array("CPaceRistretto255".utf8)
    /// The suite's name, as the pairing protocol advertises it.
    public static let suiteName = "CPACE-RISTR255-SHA512"

    /// `G.calculate_generator(H, PRS, CI, sid)`: SHA-512 of the generator string, mapped to an element with
    /// ristretto255's element derivation. The generator depends on the password, so it is secret.
    public static func generator(prs: SecureBytes, ci: [UInt8], sid: [UInt8]) -> SecureBytes {
        let string = CPaceEncoding.generatorString(
            dsi: domainSeparator, prs: prs, ci: ci, sid: sid, blockSize: SHA512.blockSize)
        return Ristretto255.elementFromHash(SHA512.hash(string))
    }

    /// `ISK = H.hash(lv_cat(G.DSI || "_ISK", sid, K) || transcript_ir(Ya, ADa, Yb, ADb))`.
    public static func intermediateSessionKey(
        sid: [UInt8], sharedPoint: SecureBytes, transcript: [UInt8]
    ) -> SecureBytes {
        sharedPoint.withUnsafeBytes { raw in
            var point = Array(raw)
            var input = CPaceEncoding.lvCat(domainSeparator + Array("_ISK".utf8), sid, point) + transcript
            defer {
                CPaceMemory.wipe(&point)
                CPaceMemory.wipe(&input)
            }
            return SHA512.hash(SecureBytes(input))
        }
    }

    /// The key-confirmation key the draft suggests: `H.hash("CPaceMac" || sid || ISK)`.
    public static func confirmationKey(sid: [UInt8], isk: SecureBytes) -> SecureBytes {
        isk.withUnsafeBytes { raw in
            var input = Array("CPaceMac".utf8) + sid + Array(raw)
            defer { CPaceMemory.wipe(&input) }
            return SHA512.hash(SecureBytes(input))
        }
    }
}

/// Why a CPace run was aborted. Messages name no secret.
public enum CPaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The peer's share is not a ristretto255 element, or the shared point is the neutral element.
    case invalidShare
    /// The peer's key-confirmation tag does not match: it used another password, session or transcript.
    case confirmationFailed

    public var description: String {
        switch self {
        case .invalidShare: "the peer's key share is not a valid ristretto255 element"
        case .confirmationFailed: "key confirmation failed (the other side used another code or saw other messages)"
        }
    }
}
