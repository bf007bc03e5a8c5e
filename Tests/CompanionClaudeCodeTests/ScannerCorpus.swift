import Foundation

@testable import CompanionClaudeCode

/// Transcript lines for comparing the field scanner (``RawRecordScanner``) with `JSONDecoder`: the real CLI's
/// transcripts, hand-made edge cases, and seeded mutations of both.
enum ScannerCorpus {
    /// Every line of the committed real transcripts (TestVectors/claude/transcripts, written by the real CLI).
    static func realLines() throws -> [[UInt8]] {
        let root = Scratch.fixtures
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "jsonl" } ?? []
        var lines: [[UInt8]] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let bytes = try [UInt8](Data(contentsOf: file))
            lines += bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        }
        return lines
    }

    static let head = #""parentUuid":null,"isSidechain":false,"cwd":"/home/ada/src/demo","sessionId":"s""#

    /// Hand-made lines: escapes, unicode, same-named keys nested, wrong types, malformed JSON, deep nesting.
    static var edgeLines: [String] {
        let user = #"{"type":"user","#
        let assistant = #"{"type":"assistant","#
        var lines = [
            user + head + #","message":{"role":"user","content":"tab\there \"quoted\" back\\slash \/ \b\f\r\n"}}"#,
            user + head + #","message":{"role":"user","content":"\u00e9\u2028\u0000\u001f\u007f\uffff caf\u00E9"}}"#,
            user + head + #","message":{"role":"user","content":"raw é ü 漢字 🙂 \u0041"}}"#,
            user + head + #","message":{"role":"user","content":"pair \ud83d\ude00"}}"#,
            user + head + #","message":{"role":"user","content":"lone \ud800 x"}}"#,
            user + head + #","message":{"role":"user","content":"lone low \udc00"}}"#,
            user + head + #","toolUseResult":{"s":"\ud800"},"message":{"role":"user","content":"ok"}}"#,
            // Same key names nested under skipped and wanted values.
            user + head + #","toolUseResult":{"type":"assistant","message":{"content":"not me"},"uuid":"inner"},"#
                + #""message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"#
                + #"[{"type":"text","text":"nested"},{"type":"image","source":{"type":"base64","data":"AAAA"}}]}]},"#
                + #""uuid":"outer"}"#,
            assistant + head + #","message":{"model":"m","content":[{"type":"tool_use","id":"t1","name":"Bash","#
                + #""input":{"type":"x","content":"y","z":[1,2.5,-0,1.0,1e3,1E-2,12345678901234567890,true,null],"#
                + #""é":"\u00e9","a":{"b":{}},"A":"\n"}}]},"uuid":"u"}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t2","name":"N","input":"text"}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t3","name":"N","input":42}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t4","name":"N","input":null}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t5","input":{"k":1e999}}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t6","input":{"k":1,"k":2}}]}}"#,
            assistant + head
                + #","message":{"content":[{"type":"thinking","thinking":"hm"},{"type":"redacted_thinking"}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t7","name":"N","input":{"b":"#
                + #"[{"z":1,"a":-12},[],{}],"B":"\u0001\t\"","aé":true,"a":false,"é":null,"Z":"\u00e9","#
                + #""0":0,"big":123456789012345678,"s":" x "}}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"t8","input":{"n":-0}}]}}"#,
            assistant + head
                + #","message":{"content":[{"type":"tool_use","id":"t9","input":{"n":1234567890123456789}}]}}"#,
            assistant + head + #","message":{"content":[{"type":"tool_use","id":"ta","input":{"o":{"k":1,"k":1}}}]}}"#,
            assistant + head
                + #","message":{"content":[{"type":"tool_use","id":"tb","input":{"a":"x","\u0061":"y"}}]}}"#,
            assistant + head
                + #","message":{"content":[{"type":"tool_use","id":"tc","input":[true,false,null,"s",7]}]}}"#,
            // Wrong types, nulls, duplicates, escaped keys.
            user + head + #","isMeta":"yes","isCompactSummary":1,"timestamp":5,"message":{"content":"w"}}"#,
            user + head + #","timestamp":null,"message":{"content":null}}"#,
            user + head + #","message":"a string"}"#,
            user + head + #","message":{"content":[{"type":"text","text":"a"},"b"]}}"#,
            user + head + #","message":{"content":[{"type":"text","text":"a"},null]}}"#,
            user + head + #","message":{"content":{"type":"text"}}}"#,
            user + head + #","message":{"content":"first"},"message":{"content":"second"}}"#,
            user + head + #","uuid":"a","uuid":"b","message":{"content":"dup"}}"#,
            #"{"type":"user","type":"assistant","message":{"content":[{"type":"text","text":"t"}]}}"#,
            #"{"typ\u0065":"user","message":{"content":"escaped key"}}"#,
            #"{"type":"us\u0065r","message":{"content":"escaped type"}}"#,
            #"{"type":5,"message":{"content":"numeric type"}}"#,
            #"{"type":null}"#,
            user + head + #","isSidechain":true,"message":{"content":"side"}}"#,
            user + head + #","isMeta":true,"message":{"content":"meta"}}"#,
            #"{"type":"system","subtype":"compact_boundary","content":"x","timestamp":"2026-11-23T10:00:00Z"}"#,
            #"{"type":"system","content":"  notice \u00e9 "}"#,
            #"{"type":"custom-title","customTitle":"T\u00edtulo"}"#,
            #"{"type":"ai-title","aiTitle":7}"#,
            #"{"type":"summary","summary":"S","leafUuid":"l"}"#,
            // Whitespace everywhere, CRLF, a BOM, trailing garbage, bad numbers and literals.
            " \t{ \"type\" : \"user\" , \"message\" : { \"content\" : \"spaced\" } } \t",
            user + head + #","message":{"content":"crlf"}}"# + "\r",
            "\u{FEFF}" + user + head + #","message":{"content":"bom"}}"#,
            user + head + #","message":{"content":"garbage"}} x"#,
            user + head + #","message":{"content":"two"}}{"type":"user"}"#,
            user + head + #","n":01,"message":{"content":"leading zero"}}"#,
            user + head + #","n":1.,"message":{"content":"bare dot"}}"#,
            user + head + #","n":-,"message":{"content":"bare minus"}}"#,
            user + head + #","n":.5,"message":{"content":"bare fraction"}}"#,
            user + head + #","n":1e999,"message":{"content":"huge"}}"#,
            user + head + #","n":NaN,"message":{"content":"nan"}}"#,
            user + head + #","n":tru,"message":{"content":"literal"}}"#,
            user + head + #","n":[1,],"message":{"content":"trailing comma"}}"#,
            user + head + #","message":{"content":"trailing comma"},}"#,
            user + head + #",'n':1,"message":{"content":"single quotes"}}"#,
            user + head + #","message":{"content":"bad escape \x"}}"#,
            user + head + #","message":{"content":"bad unicode \u12G4"}}"#,
            user + head + #","message":{"content":"control "# + "\u{01}" + #""}}"#,
            user + head + #","message":{"content":"cut"#,
            user + head + #","message":{"content":"x"}"#,
            "[1,2,3]", "\"just a string\"", "null", "{}", "{not json",
        ]
        for depth in [50, 100, 300, 600] {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            lines.append(user + head + #","deep":"# + deep + #","message":{"content":"deep \#(depth)"}}"#)
        }
        let long = String(repeating: "long line \\\"é\\\" \\n 🙂 ", count: 60_000)
        lines.append(user + head + #","message":{"content":""# + long + #""},"toolUseResult":""# + long + #""}"#)
        return lines
    }

    /// Lines with bytes that are not UTF-8, in a skipped field and in a decoded one.
    static var invalidUTF8Lines: [[UInt8]] {
        let prefix = Array((#"{"type":"user","# + head).utf8)
        return [
            prefix + Array(#","x":""#.utf8) + [0xFF] + Array(#"","message":{"content":"ok"}}"#.utf8),
            prefix + Array(#","message":{"content":"bad "#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8),
            prefix + Array(#","message":{"content":"overlong "#.utf8) + [0xC0, 0xAF] + Array(#""}}"#.utf8),
            prefix + Array(#","message":{"content":"surrogate "#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}}"#.utf8),
            prefix + Array(#","message":{"content":"cut "#.utf8) + [0xE2, 0x82] + Array(#""}}"#.utf8),
        ]
    }

    /// Seeded mutations of `lines`: a byte deleted, replaced by a JSON-significant or non-UTF-8 byte, or the line cut.
    static func mutations(of lines: [[UInt8]], count: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let candidates = lines.filter { !$0.isEmpty }
        let significant: [UInt8] = Array(#"{}[]:,"\ u0tfn-.e"#.utf8) + [0xFF, 0xC3, 0x01, 0x0D]
        return (0..<count).map { _ in
            var line = candidates[Int(next() % UInt64(candidates.count))]
            let at = Int(next() % UInt64(line.count))
            switch next() % 4 {
            case 0: line.remove(at: at)
            case 1: line[at] = significant[Int(next() % UInt64(significant.count))]
            case 2: line.insert(significant[Int(next() % UInt64(significant.count))], at: at)
            default: line.removeSubrange(at...)
            }
            return line
        }
    }
}
