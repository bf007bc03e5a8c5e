/// Structured mutations of a validly signed request (the "mutation" mode of the verifier target).
///
/// Input after the flags byte: one byte picks the known request, then 3-byte edits `[op << 3 | field, position,
/// argument]`. Besides byte edits, edits insert look-alikes that a sloppy canonicalisation would equate with the
/// original: Unicode case mappings (`ſ` uppercases to `S`, `ß` to `SS`, `ı` to `I`, the Kelvin sign `K`), line
/// breaks, NUL, signs, leading zeros and Int64 extremes for the timestamp, base64 padding, decomposed accents, a BOM.
enum Mutation {
    static let lookAlikes: [[UInt8]] = [
        "ſ", "ß", "ı", "\u{212A}", "ﬀ", "ŉ", "\r\n", "\n", "\r", "\0", "+", "0", "-", " ", "\t", "%20", "%2F", "/",
        "?", "e\u{301}", "é", "=", "==", "\u{FEFF}", "\u{00A0}", "Ａ", "９",
        "-9223372036854775808", "9223372036854775807", "-1", "00", "+0",
    ].map { Array($0.utf8) }

    /// Applies the edits in `program` to a copy of one of `requests`.
    static func apply(_ program: ArraySlice<UInt8>, to requests: [WireRequest]) -> WireRequest {
        guard let pick = program.first else { return requests[0] }
        var request = requests[Int(pick) % requests.count]
        var fields = request.fields
        var rest = program.dropFirst()
        while rest.count >= 3 {
            let (code, position, argument) = (
                rest[rest.startIndex], Int(rest[rest.startIndex + 1]),
                rest[rest.startIndex + 2]
            )
            rest = rest.dropFirst(3)
            let index = Int(code & 0x07) % WireRequest.fieldCount
            edit(
                &fields[index], op: code >> 3, position: position, argument: argument, requests: requests, index: index)
        }
        request.fields = fields
        return request
    }

    private static func edit(
        _ field: inout [UInt8], op: UInt8, position: Int, argument: UInt8, requests: [WireRequest], index: Int
    ) {
        let at = field.isEmpty ? 0 : position % (field.count + 1)
        let inside = field.isEmpty ? nil : position % field.count
        switch op % 8 {
        case 0: if let inside { field[inside] = argument }
        case 1: field.insert(argument, at: at)
        case 2: if let inside { field.remove(at: inside) }
        case 3: field.insert(contentsOf: lookAlikes[Int(argument) % lookAlikes.count], at: at)
        case 4:
            // Replace one byte with a look-alike (e.g. the `S` of POST with `ſ`).
            if let inside { field.replaceSubrange(inside...inside, with: lookAlikes[Int(argument) % lookAlikes.count]) }
        case 5: if let inside { field[inside] ^= 0x20 }  // flips ASCII case
        case 6:
            // Splice in another request's field, or replace the field with a look-alike or an extreme value.
            field =
                argument < 128
                ? requests[Int(argument) % requests.count].fields[index]
                : lookAlikes[Int(argument) % lookAlikes.count]
        default: field.removeLast(field.count - at)  // truncate
        }
    }
}
