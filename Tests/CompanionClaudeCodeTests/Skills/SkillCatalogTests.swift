import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// The installed skills read from real directories: the user's (CLAUDE_CONFIG_DIR honoured), a project's, a
/// plugin's; malformed files listed with their problem; removal that cannot leave the skills directory.
@Suite struct SkillCatalogTests {
    @Test func listsUserAndProjectSkillsWithMalformedOnesAndTheirProblems() throws {
        let world = try SkillWorld()
        defer { world.remove() }
        try SkillWorld.writeSkill(in: world.skills, name: "zeta")
        try SkillWorld.writeSkill(
            in: world.skills, name: "alpha", text: "---\nname: alpha\ndescription: [broken\n---\n")
        try SkillWorld.writeSkill(in: world.skills, name: ".hidden")
        try FileManager.default.createDirectory(
            at: world.skills.appendingPathComponent("not-a-skill"), withIntermediateDirectories: true)
        let project = world.root.appendingPathComponent("project")
        try SkillWorld.writeSkill(in: SkillCatalog.projectSkillsDirectory(project.path), name: "local-one")

        let all = world.catalog.list(projectPath: project.path)
        #expect(all.map(\.name) == ["alpha", "zeta", "local-one"])
        #expect(all.map(\.scope) == [.user, .user, .project])
        #expect(all[0].document.problem?.description.contains("not valid YAML") == true)
        #expect(all[1].document.problem == nil && all[1].document.description == "Does a thing")
        #expect(all[1].file.path == world.directories.configDirectory.path + "/skills/zeta/SKILL.md")
        #expect(world.catalog.list().map(\.name) == ["alpha", "zeta"])
    }

    /// Listings are answered from parsed documents while the files are unchanged; a rewritten SKILL.md (even of
    /// the same size, or an old file touched) is read again.
    @Test func aChangedSkillIsReadAgain() throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let file = try SkillWorld.writeSkill(
            in: world.skills, name: "changing", text: SkillWorld.skillText(name: "changing", description: "first")
        ).appendingPathComponent("SKILL.md")
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        #expect(world.catalog.list().first?.document.description == "first")
        #expect(world.catalog.list().first?.document.description == "first")
        try Data(SkillWorld.skillText(name: "changing", description: "other").utf8).write(to: file)
        #expect(world.catalog.list().first?.document.description == "other")
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        #expect(world.catalog.list().first?.document.description == "other")
    }

    @Test func showsOneSkillWithItsBody() throws {
        let world = try SkillWorld()
        defer { world.remove() }
        try SkillWorld.writeSkill(
            in: world.skills, name: "writer", text: SkillWorld.skillText(name: "writer", body: "Write well."))
        let skill = try world.catalog.skill(named: "writer")
        #expect(skill.document.body == "Write well.\n")
        #expect(throws: SkillError.notFound("absent")) { try world.catalog.skill(named: "absent") }
    }

    @Test(arguments: ["../outside", "..", "a/../../b", ".hidden", "-x", "/etc"])
    func namesCannotReachOutsideTheSkillsDirectory(name: String) throws {
        let world = try SkillWorld()
        defer { world.remove() }
        // A skill right outside the skills directory, which a '..' would reach.
        try SkillWorld.writeSkill(in: world.directories.configDirectory, name: "outside")
        #expect(throws: SkillError.self) { try world.catalog.skill(named: name) }
        #expect(throws: SkillError.self) { try world.catalog.remove(named: name) }
        #expect(FileManager.default.fileExists(atPath: world.directories.configDirectory.path + "/outside/SKILL.md"))
    }

    @Test func removeDeletesTheSkillAndOnlyTheLinkOfALinkedOne() throws {
        let world = try SkillWorld()
        defer { world.remove() }
        try SkillWorld.writeSkill(in: world.skills, name: "gone")
        let elsewhere = try SkillWorld.writeSkill(in: world.root.appendingPathComponent("kept"), name: "linked")
        try FileManager.default.createSymbolicLink(
            at: world.skills.appendingPathComponent("linked"), withDestinationURL: elsewhere)
        #expect(world.catalog.list().map(\.name) == ["gone", "linked"])

        try world.catalog.remove(named: "gone")
        try world.catalog.remove(named: "linked")
        #expect(world.catalog.list().isEmpty)
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("SKILL.md").path))
        #expect(world.snapshot() == ["config/skills"])
        #expect(throws: SkillError.notFound("gone")) { try world.catalog.remove(named: "gone") }
    }

    @Test func pluginSkillsComeFromInstalledPluginsAndCannotBeRemovedAsSkills() throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let install = world.root.appendingPathComponent("cache/hello")
        try SkillWorld.writeSkill(in: install.appendingPathComponent("skills"), name: "greet")
        let installed =
            ["version": 2, "plugins": ["hello@market": [["scope": "user", "installPath": install.path]]]]
            as [String: Any]
        let plugins = world.directories.configDirectory.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: installed).write(
            to: plugins.appendingPathComponent("installed_plugins.json"))

        let listed = world.catalog.list()
        #expect(listed.map(\.name) == ["hello:greet"] && listed[0].pluginID == "hello@market")
        #expect(try world.catalog.skill(named: "hello:greet").scope == .plugin)
        #expect(throws: SkillError.self) { try world.catalog.remove(named: "hello:greet") }
    }

    @Test func sourcesAreRegisteredAndSearchedOffline() throws {
        let world = try SkillWorld()
        defer { world.remove() }
        let clone = world.root.appendingPathComponent("clones/anthropic-skills")
        try SkillWorld.writeSkill(
            in: clone.appendingPathComponent("document-skills"), name: "pdf",
            text: SkillWorld.skillText(name: "pdf", description: "Fill PDF forms and extract text"))
        try SkillWorld.writeSkill(
            in: clone, name: "slack-gif", text: SkillWorld.skillText(name: "slack-gif", description: "Animated GIFs"))
        try SkillWorld.writeSkill(in: clone.appendingPathComponent(".git"), name: "ignored")
        let registry = SkillSourceRegistry(file: world.root.appendingPathComponent("data/skill-sources.json"))
        #expect(SkillSearch.search("pdf", in: try registry.list()).isEmpty)

        let source = try registry.add(path: clone.path)
        #expect(source.name == "anthropic-skills")
        #expect(throws: SkillError.self) { try registry.add(path: clone.path) }
        #expect(throws: SkillError.self) { try registry.add(path: "relative/path") }
        #expect(throws: SkillError.self) { try registry.add(path: world.root.appendingPathComponent("missing").path) }

        let hits = SkillSearch.search("PDF extract", in: try registry.list())
        #expect(hits.map(\.skillPath) == ["document-skills/pdf"])
        #expect(hits.first?.document.description == "Fill PDF forms and extract text")
        #expect(SkillSearch.search("gif", in: try registry.list()).map(\.skillPath) == ["slack-gif"])
        #expect(SkillSearch.search("ignored", in: try registry.list()).isEmpty)

        try registry.remove(name: "anthropic-skills")
        #expect(try registry.list().isEmpty)
        #expect(throws: SkillError.self) { try registry.remove(name: "anthropic-skills") }
    }
}
