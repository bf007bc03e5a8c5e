import Foundation

/// What an installed plugin's directory holds, read from its files: the manifest's description and the names of
/// its commands (`commands/*.md` → `/plugin:command`), agents (`agents/*.md`) and skills (`skills/*/SKILL.md`).
package struct PluginContents: Sendable, Equatable {
    package var description: String?
    package var commands: [String]
    package var agents: [String]
    package var skills: [String]

    /// Reads `installPath` (nothing when it is missing or unreadable).
    package init(installPath: String?, pluginName: String) {
        description = nil
        commands = []
        agents = []
        skills = []
        guard let installPath, installPath.hasPrefix("/") else { return }
        let root = URL(fileURLWithPath: installPath, isDirectory: true)
        let manifest = root.appendingPathComponent(".claude-plugin/plugin.json")
        if let data = FileManager.default.contents(atPath: manifest.path), data.count < 1 << 20,
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        {
            description = object["description"] as? String
        }
        let manager = FileManager.default
        func markdown(_ directory: String) -> [String] {
            ((try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)) ?? [])
                .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { String($0.dropLast(3)) }.sorted()
        }
        commands = markdown("commands").map { "/\(pluginName):\($0)" }
        agents = markdown("agents")
        skills = SkillCatalog.skills(
            in: root.appendingPathComponent("skills"), scope: .plugin, preview: 0, prefix: pluginName + ":"
        ).map(\.name)
    }
}
