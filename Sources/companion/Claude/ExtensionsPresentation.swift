import CompanionAPI
import Foundation

/// How skills, plugins and marketplaces are shown on a terminal. Everything came from the workstation (names,
/// descriptions, paths, file contents), so every field goes through `Terminal.safe`.
enum ExtensionsPresentation {
    static func skills(_ skills: [Skill]) -> String {
        guard !skills.isEmpty else {
            return "No skills installed (Claude Code reads them from ~/.claude/skills/<name>/SKILL.md).\n"
        }
        var text = ""
        for skill in skills {
            let scope = (skill.scope ?? skill.source.rawValue).padding(toLength: 8, withPad: " ", startingAt: 0)
            text += "\(scope) \(Terminal.safe(skill.name))"
            if let problem = skill.problem {
                text += "  " + Terminal.styled("problem: ", "1") + Terminal.safe(problem)
            } else if let description = skill.description {
                text += "  " + Terminal.safe(String(description.prefix(100)))
            }
            text += "\n"
        }
        return text
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

    static func plugins(_ plugins: [Plugin]) -> String {
        guard !plugins.isEmpty else {
            return "No plugins installed. `companion plugins marketplace list` shows what the marketplaces offer.\n"
        }
        var text = ""
        for plugin in plugins {
            let state = plugin.isEnabled ? "enabled " : "disabled"
            text += "\(state)  \(Terminal.safe(plugin.pluginId ?? plugin.name))"
            if let version = plugin.version { text += "  \(Terminal.safe(version))" }
            if let description = plugin.description { text += "  \(Terminal.safe(String(description.prefix(80))))" }
            text += "\n"
        }
        return text
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

    static func marketplaces(_ marketplaces: [PluginMarketplace]) -> String {
        guard !marketplaces.isEmpty else {
            return "No marketplaces. Add one with `companion plugins marketplace add owner/repo|URL|PATH`.\n"
        }
        var text = ""
        for marketplace in marketplaces {
            text += "\(Terminal.safe(marketplace.name))  (\(Terminal.safe(marketplace.source)))\n"
            for plugin in marketplace.plugins {
                text += "    \(Terminal.safe(plugin.name))@\(Terminal.safe(marketplace.name))"
                if let description = plugin.description { text += "  \(Terminal.safe(String(description.prefix(80))))" }
                text += "\n"
            }
        }
        return text
    }
}
