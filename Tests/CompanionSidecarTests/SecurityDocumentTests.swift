import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

/// SECURITY.md's scope section says what the code does: its route table is ``RouteScopes/table`` as it is, and
/// every test it names as evidence exists.
@Suite struct SecurityDocumentTests {
    static let document = TestPaths.packageRoot.appendingPathComponent("SECURITY.md")

    /// The text between `<!-- begin: NAME -->` and `<!-- end: NAME -->` in SECURITY.md.
    static func section(_ name: String) throws -> String {
        let text = try String(contentsOf: document, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- begin: \(name) -->\n"), "SECURITY.md has no section \(name)")
        let end = try #require(
            text.range(of: "<!-- end: \(name) -->", range: begin.upperBound..<text.endIndex),
            "SECURITY.md's section \(name) has no end")
        return String(text[begin.upperBound..<end.lowerBound])
    }

    /// Compares a generated section with SECURITY.md; on a difference the expected text is written beside the
    /// build (`.build/SECURITY-NAME.md`) so it can be pasted in.
    static func expectSection(_ name: String, equals expected: String) throws {
        let actual = try section(name)
        if actual != expected {
            let copy = TestPaths.packageRoot.appendingPathComponent(".build/SECURITY-\(name).md")
            try? expected.write(to: copy, atomically: true, encoding: .utf8)
            Issue.record("SECURITY.md's \(name) section differs from the code; the expected text is in \(copy.path)")
        }
    }

    @Test func theRouteTableMatchesRouteScopes() throws {
        try Self.expectSection("route-scopes", equals: RouteScopeDocument.routeTable())
    }

    @Test func theOptionTableMatchesTheOptionRules() throws {
        try Self.expectSection("option-rules", equals: RouteScopeDocument.optionTable())
    }

    /// Every test name SECURITY.md gives as evidence in its scope section is a test function of this package.
    @Test func everyTestNamedInTheScopeSectionExists() throws {
        let section = try Self.section("scope-thief")
        // The last column of each row ("Proved by").
        let proofs = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap {
            $0.split(separator: "|").last.map(String.init)
        }
        let names = RouteScopeDocument.testNames(in: proofs.joined(separator: " "))
        #expect(names.count >= 10, "the scope table names its tests in backticks")
        let sources = try RouteScopeDocument.testSources()
        let missing = names.filter { !sources.contains("func \($0)(") }
        #expect(missing.isEmpty, "SECURITY.md names tests that do not exist: \(missing)")
    }
}

/// The scope section's generated tables, from the code.
enum RouteScopeDocument {
    /// One row per requirement: the routes that need it, in a stable order.
    static func routeTable() -> String {
        var rows: [String: [String]] = [:]
        for (route, requirement) in RouteScopes.table {
            switch requirement {
            case .open: rows["open", default: []].append("`\(route)`")
            case .scope(let scope, let selfParameter):
                let suffix = selfParameter == nil ? "" : " (or the device itself)"
                rows[scope.rawValue, default: []].append("`\(route)`\(suffix)")
            }
        }
        var text = "| Needs | Routes |\n|---|---|\n"
        let order = ["open"] + DeviceScope.allCases.map(\.rawValue)
        for key in order {
            guard let routes = rows[key] else { continue }
            let label = key == "open" ? "nothing (each checks its own rule, see below)" : "`\(key)`"
            text += "| \(label) | \(routes.sorted(by: Self.routeOrder).joined(separator: ", ")) |\n"
        }
        return text
    }

    /// One row per ``RouteScopes/optionRules`` entry, in the table's order.
    static func optionTable() -> String {
        var text = "| Route | Field | When | Needs | Why |\n|---|---|---|---|---|\n"
        for rule in RouteScopes.optionRules {
            text +=
                "| `\(rule.route)` | `\(rule.field)` | \(rule.condition.rawValue) | `\(rule.scope.rawValue)` "
                + "| \(rule.reason) |\n"
        }
        return text
    }

    /// Sorts by path, then method.
    static func routeOrder(_ a: String, _ b: String) -> Bool {
        func parts(_ route: String) -> (String, String) {
            let words = route.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ")
            return (words.count > 1 ? String(words[1]) : route, String(words.first ?? ""))
        }
        return parts(a) < parts(b)
    }

    /// Names in backticks that look like test functions (lower camel case, no spaces or punctuation).
    static func testNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "`") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "`") else { break }
            let word = after[..<close]
            if let first = word.first, first.isLowercase, word.count > 12,
                word.allSatisfy({ $0.isLetter || $0.isNumber })
            {
                names.append(String(word))
            }
            rest = after[after.index(after: close)...]
        }
        return names
    }

    /// Every Swift file under Tests/, concatenated.
    static func testSources() throws -> String {
        let root = TestPaths.packageRoot.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return "" }
        var text = ""
        for case let file as URL in files where file.pathExtension == "swift" {
            text += (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        }
        return text
    }
}
