/// The string encodings of draft-irtf-cfrg-cpace (appendix "CPace function definitions"): LEB128 length
/// prefixes, length-value concatenation, the generator string and the initiator-responder transcript.
public enum CPaceEncoding {
    /// `prepend_len(data)`: the LEB128 encoding of `data.count`, then `data`.
    public static func prependLength(_ data: [UInt8]) -> [UInt8] {
        var length = data.count
        var encoded: [UInt8] = []
        repeat {
            encoded.append(length < 128 ? UInt8(length) : UInt8(length & 0x7f) | 0x80)
            length >>= 7
        } while length > 0
        return encoded + data
    }

    /// `lv_cat(a0, a1, …)`: each argument with its length prepended, concatenated.
    public static func lvCat(_ parts: [UInt8]...) -> [UInt8] { lvCat(parts) }

    /// `lv_cat` over an array of parts.
    public static func lvCat(_ parts: [[UInt8]]) -> [UInt8] { parts.flatMap(prependLength) }

    /// `generator_string(DSI, PRS, CI, sid, s_in_bytes)`: zero padding fills the first hash block after DSI and
    /// PRS. The result contains the password: it is returned as ``SecureBytes``.
    public static func generatorString(
        dsi: [UInt8], prs: SecureBytes, ci: [UInt8], sid: [UInt8], blockSize: Int
    ) -> SecureBytes {
        var password = prs.withUnsafeBytes { Array($0) }
        var prefixedPassword = prependLength(password)
        defer {
            CPaceMemory.wipe(&password)
            CPaceMemory.wipe(&prefixedPassword)
        }
        let prefixedDSI = prependLength(dsi)
        let padding = max(0, blockSize - 1 - prefixedPassword.count - prefixedDSI.count)
        var result = prefixedDSI
        result += prefixedPassword
        result += prependLength([UInt8](repeating: 0, count: padding))
        result += prependLength(ci)
        result += prependLength(sid)
        return SecureBytes(result)
    }

    /// `transcript_ir(Ya, ADa, Yb, ADb) = lv_cat(Ya, ADa) || lv_cat(Yb, ADb)` (initiator-responder setting).
    public static func transcriptIR(ya: [UInt8], adA: [UInt8], yb: [UInt8], adB: [UInt8]) -> [UInt8] {
        lvCat(ya, adA) + lvCat(yb, adB)
    }

    /// `o_cat(a, b)`: `"oc"`, then the lexicographically larger string, then the other.
    public static func orderedConcatenation(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        Array("oc".utf8) + (a.lexicographicallyPrecedes(b) ? b + a : a + b)
    }

    /// `transcript_oc(Ya, ADa, Yb, ADb) = o_cat(lv_cat(Ya, ADa), lv_cat(Yb, ADb))` (symmetric setting).
    public static func transcriptOC(ya: [UInt8], adA: [UInt8], yb: [UInt8], adB: [UInt8]) -> [UInt8] {
        orderedConcatenation(lvCat(ya, adA), lvCat(yb, adB))
    }
}
