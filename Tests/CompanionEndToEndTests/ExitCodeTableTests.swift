import CompanionTestSupport
import Foundation
import Testing

/// The tests' ``Exit`` is the CLI's `ExitStatus` and docs/exit-codes.md's table: a code added to one of
/// them and not to the others fails here.
@Suite struct ExitCodeTableTests {
    /// `| N | name | meaning |` rows of docs/exit-codes.md.
    static func documentedRows() throws -> [[String]] {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/exit-codes.md")
        let body = try String(contentsOf: url, encoding: .utf8)
        return body.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("|") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return cells.first.flatMap { Int32($0) } == nil ? nil : cells
        }
    }

    /// The codes of docs/exit-codes.md's table, in order.
    static func readmeCodes() throws -> [Int32] {
        try documentedRows().compactMap { $0.first.flatMap { Int32($0) } }
    }

    /// `case name = N` lines of `enum ExitStatus` in the CLI's source.
    static func sourceCases() throws -> [String: Int32] {
        let path = TestPaths.packageRoot.appendingPathComponent("Sources/CompanionCLI/Support/CLIFailure.swift")
        let source = try String(contentsOf: path, encoding: .utf8)
        let body = try #require(source.components(separatedBy: "enum ExitStatus").dropFirst().first)
        let enumBody = body.components(separatedBy: "\n}").first ?? ""
        var cases: [String: Int32] = [:]
        for line in enumBody.split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            if words.count == 4, words[0] == "case", words[2] == "=", let value = Int32(words[3]) {
                cases[String(words[1])] = value
            }
        }
        return cases
    }

    @Test func exitMatchesTheCLIsExitStatus() throws {
        let source = try Self.sourceCases()
        #expect(source.count >= 10, "ExitStatus parsed: \(source)")
        let ours = Dictionary(uniqueKeysWithValues: Exit.allCases.map { ("\($0)", $0.rawValue) })
        #expect(ours == source)
    }

    @Test func exitMatchesTheDocumentedTable() throws {
        let documented = try Self.readmeCodes()
        #expect(documented.count >= 10, "docs/exit-codes.md table parsed: \(documented)")
        #expect(documented == Exit.allCases.map(\.rawValue))
        let names = try Self.documentedRows().map { $0[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        #expect(names == Exit.allCases.map { "\($0)" })
    }
}
