import CompanionAPI
import Foundation

/// How skills, plugins and marketplaces are shown on a terminal. Everything came from the workstation (names,
/// descriptions, paths, file contents), so every field goes through `Terminal.safe`.
enum ExtensionsPresentation {
    /// The skills as a table that fits `width` columns (long cells end in an ellipsis); nil: no limit.
    static func skills(_ skills: [Skill], width: Int? = nil) -> String {
        guard !skills.isEmpty else {
            return "No skills installed (Claude Code reads them from ~/.claude/skills/<name>/SKILL.md).\n"
        }
        let rows = skills.map { skill in
            let about =
                skill.problem.map { "problem: " + Terminal.safe($0) }
                ?? Terminal.safe(String((skill.description ?? "").prefix(100)))
            return [Terminal.safe(skill.scope ?? skill.source.rawValue), Terminal.safe(skill.name), about]
        }
        return TableFit.text(header: ["SCOPE", "NAME", "DESCRIPTION"], rows: rows, width: width)
    }

    static func skill(_ skill: Skill) -> String {
        var lines = [
            "Skill        \(Terminal.safe(skill.name))", "Scope        \(skill.scope ?? skill.source.rawValue)",
            "Path         \(Terminal.safe(skill.path))",
        ]
        if let description = skill.description { lines.append("Description  \(Terminal.safe(description))") }
        if let tools = skill.allowedTools {
            lines.append("Tools        \(Terminal.safe(tools.joined(separator: ", ")))")
        }
        if let version = skill.version { lines.append("Version      \(Terminal.safe(version))") }
        if let updated = skill.lastUpdated { lines.append("Updated      \(updated)") }
        if let problem = skill.problem { lines.append("Problem      \(Terminal.safe(problem))") }
        if let content = skill.content, !content.isEmpty {
            lines.append("")
            lines.append(Terminal.safe(content, layout: .block))
        }
        return lines.joined(separator: "\n")
    }

    static func search(_ response: SkillSearchResponse) -> String {
        var text = Terminal.safe(response.note) + "\n"
        if response.items.isEmpty { return text + "No matching skills.\n" }
        for item in response.items {
            text += "\(Terminal.safe(item.name))  \(Terminal.safe(String((item.description ?? "").prefix(90))))\n"
            text += "    install: companion skills install \(Terminal.safe(item.repository))"
            if let path = item.skillPath { text += " --path \(Terminal.safe(path))" }
            text += "\n"
        }
        return text
    }

    static func sources(_ sources: [SkillSearchSourceInfo]) -> String {
        guard !sources.isEmpty else {
            return "No skill sources registered: `companion skills search` has nothing to search (it never searches "
                + "GitHub). Register a local clone with `companion skills sources add PATH`.\n"
        }
        return sources.map { "\(Terminal.safe($0.name))  \(Terminal.safe($0.path))" }.joined(separator: "\n") + "\n"
    }

    /// The plugins as a table that fits `width` columns (long cells end in an ellipsis); nil: no limit.
    static func plugins(_ plugins: [Plugin], width: Int? = nil) -> String {
        guard !plugins.isEmpty else {
            return "No plugins installed. `companion plugins marketplace list` shows what the marketplaces offer.\n"
        }
        let rows = plugins.map { plugin in
            [
                plugin.isEnabled ? "enabled" : "disabled", Terminal.safe(plugin.pluginId ?? plugin.name),
                Terminal.safe(plugin.version ?? "-"), Terminal.safe(String((plugin.description ?? "").prefix(80))),
            ]
        }
        return TableFit.text(header: ["STATE", "PLUGIN", "VERSION", "DESCRIPTION"], rows: rows, width: width)
    }

    static func plugin(_ plugin: Plugin) -> String {
        var lines = [
            "Plugin   \(Terminal.safe(plugin.pluginId ?? plugin.name))",
            "State    \(plugin.isEnabled ? "enabled" : "disabled")",
        ]
        if let version = plugin.version { lines.append("Version  \(Terminal.safe(version))") }
        if let path = plugin.path { lines.append("Path     \(Terminal.safe(path))") }
        if let skills = plugin.skills { lines.append("Skills   \(Terminal.safe(skills.joined(separator: ", ")))") }
        if let commands = plugin.commands {
            lines.append("Commands \(Terminal.safe(commands.joined(separator: ", ")))")
        }
        return lines.joined(separator: "\n")
    }

    /// What the marketplaces offer, one row per plugin (`plugin@marketplace`, the marketplace's source, the
    /// description; a marketplace that offers nothing has a row `-@name` of its own), as a table that fits `width` columns
    /// (long cells end in an ellipsis); nil: no limit.
    static func marketplaces(_ marketplaces: [PluginMarketplace], width: Int? = nil) -> String {
        guard !marketplaces.isEmpty else {
            return "No marketplaces. Add one with `companion plugins marketplace add owner/repo|URL|PATH`.\n"
        }
        let rows = marketplaces.flatMap { marketplace in
            let name = Terminal.safe(marketplace.name)
            let source = Terminal.safe(marketplace.source)
            guard !marketplace.plugins.isEmpty else { return [["-@" + name, source, "(offers no plugins)"]] }
            return marketplace.plugins.map { plugin in
                [
                    Terminal.safe(plugin.name) + "@" + name, source,
                    Terminal.safe(String((plugin.description ?? "").prefix(80))),
                ]
            }
        }
        return TableFit.text(header: ["PLUGIN", "SOURCE", "DESCRIPTION"], rows: rows, width: width)
    }
}
