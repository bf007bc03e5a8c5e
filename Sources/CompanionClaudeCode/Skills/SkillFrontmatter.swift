import Foundation
import Yams

/// The YAML frontmatter of a SKILL.md: the block between a first line `---` and the next line `---` (or `...`),
/// parsed with Yams. Only the delimiting lines are found by hand; the block itself is YAML.
enum SkillFrontmatter {
    /// Largest frontmatter parsed (anything longer is reported, not parsed).
    static let maxBytes = 64 * 1024

    /// The frontmatter's keys and the Markdown after it; `text` without a first `---` line has no frontmatter.
    static func split(_ text: String) -> (yaml: Substring?, body: Substring, unclosed: Bool) {
        let withoutBOM = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        var lines = withoutBOM.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard let first = lines.next(), first.trimmingCharacters(in: .whitespaces) == "---" else {
            return (nil, withoutBOM, false)
        }
        let yamlStart =
            withoutBOM.index(first.endIndex, offsetBy: 1, limitedBy: withoutBOM.endIndex)
            ?? withoutBOM.endIndex
        while let line = lines.next() {
            let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
            if trimmed == "---" || trimmed == "..." {
                let bodyStart =
                    withoutBOM.index(line.endIndex, offsetBy: 1, limitedBy: withoutBOM.endIndex) ?? withoutBOM.endIndex
                return (withoutBOM[yamlStart..<line.startIndex], withoutBOM[bodyStart...], false)
            }
        }
        return (nil, withoutBOM, true)
    }

    /// The keys of `yaml` (a mapping); throws a description of what is wrong.
    static func parse(_ yaml: Substring) throws(SkillDocumentProblem) -> [String: FrontmatterValue] {
        if yaml.utf8.count > maxBytes {
            throw SkillDocumentProblem("the frontmatter is larger than \(maxBytes / 1024) KiB")
        }
        let loaded: Any?
        do {
            let node = try Yams.compose(yaml: String(yaml))
            // Aliases share nodes, so a few lines can stand for billions of values ("billion laughs"): count what
            // constructing would walk, and stop at a bound, before constructing anything.
            if let node, !Self.withinBudget(node) {
                throw SkillDocumentProblem("the frontmatter has more than \(maxNodes) values (nested aliases?)")
            }
            loaded = node?.any
        } catch let problem as SkillDocumentProblem {
            throw problem
        } catch let error as YamlError {
            throw SkillDocumentProblem("the frontmatter is not valid YAML (\(Self.describe(error)))")
        } catch {
            throw SkillDocumentProblem("the frontmatter is not valid YAML")
        }
        guard let loaded else { return [:] }
        guard case .object(let keys) = FrontmatterValue(yaml: loaded) else {
            throw SkillDocumentProblem("the frontmatter is not a YAML mapping of keys (name: …, description: …)")
        }
        return keys
    }

    /// Most YAML values (aliases counted each time they are used) a frontmatter may hold.
    static let maxNodes = 20_000

    /// Whether `node` holds at most ``maxNodes`` values, counting shared (aliased) nodes each time; stops at the
    /// bound.
    static func withinBudget(_ node: Node) -> Bool {
        var budget = maxNodes
        var stack = [node]
        while let next = stack.popLast() {
            budget -= 1
            if budget < 0 { return false }
            switch next {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append(key)
                    stack.append(value)
                }
            case .sequence(let sequence): stack.append(contentsOf: sequence)
            default: break
            }
        }
        return true
    }

    /// Yams' error, on one line, without the quoted document.
    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let position = "line \(mark.line), column \(mark.column)"
            return [context?.text, problem, position].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case .composer(let context, let problem, let mark, _):
            return [context?.text, problem, "line \(mark.line)"].compactMap { $0 }.joined(separator: ": ")
        default:
            return "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}
