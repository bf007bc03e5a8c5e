import Foundation

/// Reads a transcript record's ``RawRecord`` fields straight from the line's UTF-8 bytes: the few keys the index
/// needs are found at the top level, in `message` and in its content blocks, their values decoded, and everything
/// else skipped (validated, not built). A record gets exactly the fields `JSONDecoder` would give it
/// (`RawRecord.init(from:)`, each field under `try?`); a line the scan cannot be sure of (see ``JSONCursor``, and
/// also a wanted key given twice, a content array with a non-object element, a non-string `type`) gets nil, and
/// the caller decodes it with `JSONDecoder`. A tool use's `input` (any JSON) is written as ``JSONText`` from its
/// bytes, or, when it holds a number whose text `JSONDecoder`'s reading decides, decoded by `JSONDecoder` alone.
///
/// Hand-written: Foundation's `JSONDecoder` and `JSONSerialization` (the JSON the package has) build every value.
/// simdjson's On-Demand API (Debian's libsimdjson-dev) would read selected keys, but it is C++: a system library
/// and C++ interop in every build of the package, and its notion of valid JSON would still have to be reconciled
/// with `JSONDecoder`'s line by line. This is the part of the index's cold build that `JSONDecoder` made slow.
enum RawRecordScanner {
    typealias Undecided = JSONCursor.Undecided

    /// The deepest content nesting (a tool result's content holding blocks holding content…) the scan follows.
    static let maximumContentDepth = 8

    /// The record in `line`, or nil when `JSONDecoder` must decide.
    static func record(_ line: UnsafeRawBufferPointer) -> RawRecord? {
        guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var cursor = JSONCursor(base, count: line.count)
        guard let record = try? record(&cursor), cursor.atEnd() else { return nil }
        return record
    }

    private static func record(_ cursor: inout JSONCursor) throws(Undecided) -> RawRecord {
        var type: String?
        var record = RawRecord(type: "")
        var seen: UInt32 = 0
        try cursor.members { c, key throws(Undecided) in
            if c.matches(key, "type") {
                try mark(&seen, 0)
                guard c.peek() == UInt8(ascii: "\"") else { throw Undecided() }
                type = c.decode(try c.string())
            } else if c.matches(key, "isSidechain") {
                try mark(&seen, 1)
                record.isSidechain = try c.optionalBool()
            } else if c.matches(key, "isMeta") {
                try mark(&seen, 2)
                record.isMeta = try c.optionalBool()
            } else if c.matches(key, "isCompactSummary") {
                try mark(&seen, 3)
                record.isCompactSummary = try c.optionalBool()
            } else if c.matches(key, "timestamp") {
                try mark(&seen, 4)
                record.timestamp = try c.optionalString()
            } else if c.matches(key, "cwd") {
                try mark(&seen, 5)
                record.cwd = try c.optionalString()
            } else if c.matches(key, "gitBranch") {
                try mark(&seen, 6)
                record.gitBranch = try c.optionalString()
            } else if c.matches(key, "version") {
                try mark(&seen, 7)
                record.version = try c.optionalString()
            } else if c.matches(key, "uuid") {
                try mark(&seen, 8)
                record.uuid = try c.optionalString()
            } else if c.matches(key, "subtype") {
                try mark(&seen, 9)
                record.subtype = try c.optionalString()
            } else if c.matches(key, "content") {
                try mark(&seen, 10)
                record.content = try c.optionalString()
            } else if c.matches(key, "message") {
                try mark(&seen, 11)
                record.message = try message(&c)
            } else if c.matches(key, "customTitle") {
                try mark(&seen, 12)
                record.customTitle = try c.optionalString()
            } else if c.matches(key, "aiTitle") {
                try mark(&seen, 13)
                record.aiTitle = try c.optionalString()
            } else if c.matches(key, "summary") {
                try mark(&seen, 14)
                record.summary = try c.optionalString()
            } else {
                try c.skipValue()
            }
        }
        guard let type else { throw Undecided() }
        record.type = type
        return record
    }

    /// A wanted key seen twice: which one `JSONDecoder` keeps is its business.
    private static func mark(_ seen: inout UInt32, _ bit: UInt32) throws(Undecided) {
        guard seen & 1 << bit == 0 else { throw Undecided() }
        seen |= 1 << bit
    }

    private static func message(_ cursor: inout JSONCursor) throws(Undecided) -> RawMessage? {
        guard cursor.peek() == UInt8(ascii: "{") else {
            try cursor.skipValue()
            return nil
        }
        var message = RawMessage()
        var seen: UInt32 = 0
        try cursor.members { c, key throws(Undecided) in
            if c.matches(key, "model") {
                try mark(&seen, 0)
                message.model = try c.optionalString()
            } else if c.matches(key, "content") {
                try mark(&seen, 1)
                message.content = try content(&c, depth: 0)
            } else {
                try c.skipValue()
            }
        }
        return message
    }

    /// Content: a string, or an array of objects (blocks); nil for any other value.
    private static func content(_ cursor: inout JSONCursor, depth: Int) throws(Undecided) -> RawContent? {
        switch cursor.peek() {
        case UInt8(ascii: "\""):
            return .text(cursor.decode(try cursor.string()))
        case UInt8(ascii: "["):
            guard depth < maximumContentDepth else { throw Undecided() }
            var blocks: [RawBlock] = []
            try cursor.elements { c throws(Undecided) in
                // `[RawBlock]` fails on a non-object element, and so does the content: rare, left to JSONDecoder.
                guard c.peek() == UInt8(ascii: "{") else { throw Undecided() }
                blocks.append(try block(&c, depth: depth))
            }
            return .blocks(blocks)
        default:
            try cursor.skipValue()
            return nil
        }
    }

    private static func block(_ cursor: inout JSONCursor, depth: Int) throws(Undecided) -> RawBlock {
        var block = RawBlock()
        var seen: UInt32 = 0
        try cursor.members { c, key throws(Undecided) in
            if c.matches(key, "type") {
                try mark(&seen, 0)
                block.type = try c.optionalString()
            } else if c.matches(key, "text") {
                try mark(&seen, 1)
                block.text = try c.optionalString()
            } else if c.matches(key, "thinking") {
                try mark(&seen, 2)
                block.thinking = try c.optionalString()
            } else if c.matches(key, "name") {
                try mark(&seen, 3)
                block.name = try c.optionalString()
            } else if c.matches(key, "id") {
                try mark(&seen, 4)
                block.id = try c.optionalString()
            } else if c.matches(key, "input") {
                try mark(&seen, 5)
                block.input = try input(&c)
            } else if c.matches(key, "tool_use_id") {
                try mark(&seen, 6)
                block.toolUseId = try c.optionalString()
            } else if c.matches(key, "content") {
                try mark(&seen, 7)
                block.content = try content(&c, depth: depth + 1)
            } else if c.matches(key, "is_error") {
                try mark(&seen, 8)
                block.isError = try c.optionalBool()
            } else {
                try c.skipValue()
            }
        }
        return block
    }

    /// A tool use's input as canonical JSON text: written from the bytes where its text is certain
    /// (``JSONCursor/canonical(into:depth:)``), else decoded by `JSONDecoder` from the value's bytes alone.
    private static func input(_ cursor: inout JSONCursor) throws(Undecided) -> JSONText? {
        let first = cursor.peek()
        if first != UInt8(ascii: "n") {
            var attempt = cursor
            var text = ""
            if (try? attempt.canonical(into: &text)) != nil {
                cursor = attempt
                return JSONText(text: text)
            }
        }
        let valueStart = cursor.index
        try cursor.skipValue()
        if first == UInt8(ascii: "n") { return nil }  // `null`, the only value starting with n: absent.
        let bytes = Data(bytes: cursor.base + valueStart, count: cursor.index - valueStart)
        return try? JSONDecoder().decode(JSONText.self, from: bytes)
    }
}
