import Foundation
import Testing

@testable import CompanionClaudeCode

/// The index reads a record's fields with its own scanner (``RawRecordScanner``) instead of a `JSONDecoder` pass
/// per line. These tests hold it to giving exactly what `JSONDecoder` gave — field by field, and as the normalized
/// messages, facts and malformed-line counts the index stores — on the real CLI's transcripts, hand-made edge
/// cases, and seeded mutations of both.
@Suite struct TranscriptScannerTests {
    /// What `TranscriptLineParser.parse` did before the scanner: `JSONDecoder` on every conversation line.
    static func referenceParse(_ line: Data) -> TranscriptLine {
        let scanned: String?? = line.withUnsafeBytes { bytes in
            bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } ? nil : .some(RecordTypeScanner.type(of: bytes))
        }
        guard let scanned else { return .skipped }
        if let type = scanned, !TranscriptLineParser.parsedTypes.contains(type) { return .skipped }
        guard let raw = try? JSONDecoder().decode(RawRecord.self, from: line) else { return .malformed }
        return TranscriptLineParser.parse(raw)
    }

    /// The messages, facts and malformed count that folding `lines` gives with `parse`.
    static func fold(_ lines: [[UInt8]], _ parse: (Data) -> TranscriptLine) -> (
        [TranscriptMessage], TranscriptFacts, Int
    ) {
        var accumulator = TranscriptAccumulator()
        for line in lines { accumulator.add(parse(Data(line))) }
        return (accumulator.newMessages, accumulator.facts, accumulator.malformedLineCount)
    }

    /// The scanner's fields for `line` where it decides; wherever it does, `JSONDecoder` must agree.
    /// Returns whether the scanner decided.
    @discardableResult
    static func expectAgreement(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let scanned = line.withUnsafeBytes(RawRecordScanner.record)
        guard let scanned else { return false }
        let decoded = try? JSONDecoder().decode(RawRecord.self, from: Data(line))
        #expect(
            decoded == scanned, "line: \(String(decoding: line.prefix(300), as: UTF8.self))",
            sourceLocation: sourceLocation)
        return true
    }

    @Test func theRealCLIsTranscriptsScanFieldForFieldAsJSONDecoderDecodesThem() throws {
        let lines = try ScannerCorpus.realLines().filter { !$0.isEmpty }
        #expect(lines.count > 100)
        var decided = 0
        for line in lines where Self.expectAgreement(line) { decided += 1 }
        // Every real line is valid JSON with a string type: the scanner decides all of them (none falls back).
        #expect(decided == lines.count)
    }

    @Test func theRealCLIsTranscriptsGiveTheSameMessagesFactsAndCounts() throws {
        let lines = try ScannerCorpus.realLines()
        let new = Self.fold(lines, TranscriptLineParser.parse)
        let old = Self.fold(lines, Self.referenceParse)
        #expect(new.0 == old.0)
        #expect(new.1 == old.1)
        #expect(new.2 == old.2)
        #expect(new.0.count > 20)
    }

    @Test func edgeCasesGiveTheSameFieldsAndTheSameIndex() throws {
        let lines = ScannerCorpus.edgeLines.map { Array($0.utf8) } + ScannerCorpus.invalidUTF8Lines
        var decided = 0
        for line in lines where Self.expectAgreement(line) { decided += 1 }
        #expect(decided >= 25)  // the well-formed ones are the scanner's, not JSONDecoder's
        let new = Self.fold(lines, TranscriptLineParser.parse)
        let old = Self.fold(lines, Self.referenceParse)
        #expect(new.0 == old.0)
        #expect(new.1 == old.1)
        #expect(new.2 == old.2)
        #expect(new.2 > 20)  // the malformed ones are counted as before
    }

    @Test func seededMutationsOfRealAndEdgeLinesGiveTheSameIndex() throws {
        let base = try ScannerCorpus.realLines() + ScannerCorpus.edgeLines.map { Array($0.utf8) }
        let mutated = ScannerCorpus.mutations(of: base, count: 8_000, seed: 33)
        for line in mutated { Self.expectAgreement(line) }
        let new = Self.fold(mutated, TranscriptLineParser.parse)
        let old = Self.fold(mutated, Self.referenceParse)
        #expect(new.0 == old.0)
        #expect(new.1 == old.1)
        #expect(new.2 == old.2)
    }

    @Test func aTranscriptFileIndexesAsTheReferenceFoldsIt() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        var lines = try ScannerCorpus.realLines().filter { !$0.isEmpty }
        lines += ScannerCorpus.edgeLines.map { Array($0.utf8) } + ScannerCorpus.invalidUTF8Lines
        try scratch.write("p/a.jsonl", "")
        try scratch.append("p/a.jsonl", lines.flatMap { $0 + [0x0A] })
        let transcript = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"))
        let old = Self.fold(lines, Self.referenceParse)
        #expect(transcript.messages == old.0)
        #expect(transcript.facts == old.1)
        #expect(transcript.malformedLineCount == old.2)
    }
}
