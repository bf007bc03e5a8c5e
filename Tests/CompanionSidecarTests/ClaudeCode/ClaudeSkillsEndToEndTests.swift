import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// S-10 (skill discovery and install) against a live sidecar and the real `claude`: through the client and
    /// through raw HTTP with the envelope, and every bad input refused with nothing installed.
    @Suite(.serialized) struct ClaudeSkillsEndToEndTests {
        static let auth = ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"]

        @Test func scenarioS10ListShowSearchInstallDelete() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("skills loaded") }
            defer { fixture.remove() }
            let skills = fixture.sandbox.configDirectory.appendingPathComponent("skills")
            for (name, text) in [
                ("existing", ClaudeAPIFixture.skillText("existing", "An installed skill", body: "Existing body.")),
                ("broken", "---\nname: broken\ndescription: [unclosed\n---\n"),
            ] {
                try FileManager.default.createDirectory(
                    at: skills.appendingPathComponent(name), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: skills.appendingPathComponent("\(name)/SKILL.md"))
            }
            let clone = try await fixture.repository(
                "skills-collection",
                files: [
                    "skills/release-notes/SKILL.md": ClaudeAPIFixture.skillText(
                        "release-notes", "Write release notes from git log"),
                    "skills/haiku/SKILL.md": ClaudeAPIFixture.skillText("haiku", "Answer in haiku"),
                ])
            try await fixture.liveWithCloneRoots { live in
                // 1. The list, with the malformed skill and its problem.
                let listed = try await live.client.skills()
                #expect(listed.items.map(\.name) == ["broken", "existing"])
                #expect(listed.items[0].problem?.contains("not valid YAML") == true && !listed.items[0].isActive)
                let raw = try await live.probe.get("/api/v1/skills", headers: Self.auth)
                #expect(raw.status == 200)
                let envelope = try raw.envelope(ListResponse<Skill>.self)
                #expect(envelope.success && envelope.data?.total == 2)

                // 2. One skill with its content.
                let shown = try await live.client.skill(name: "existing")
                #expect(shown.description == "An installed skill" && shown.content == "Existing body.\n")
                #expect(
                    shown.allowedTools == ["Read", "Grep"] && shown.rawContent?.hasPrefix("---\nname: existing") == true
                )

                // 3. Search: nothing registered says so (and that GitHub is not searched); then a local clone.
                let none = try await live.client.searchSkills(query: "release")
                #expect(none.items.isEmpty && none.sources.isEmpty && !none.searchesGitHub)
                #expect(none.note.contains("never searches GitHub"))
                _ = try await live.client.addSkillSource(AddSkillSourceRequest(path: clone.path))
                let found = try await live.probe.get("/api/v1/skills/search?q=release%20notes", headers: Self.auth)
                let hits = try #require(try found.envelope(SkillSearchResponse.self).data)
                #expect(hits.items.map(\.name) == ["release-notes"] && hits.sources == ["skills-collection"])
                let hit = try #require(hits.items.first)
                #expect(hit.repository == clone.path && hit.skillPath == "skills/release-notes")

                // 4. Install what search found (git clone of the local repository), then Claude Code loads it.
                let body = try ClaudeAPIJSON.encode(
                    SkillInstallRequest(repository: hit.repository, skillPath: hit.skillPath))
                let installed = try await live.probe.post("/api/v1/skills/install", body, headers: Self.auth)
                #expect(installed.status == 200)
                let installedSkill = try installed.envelope(Skill.self).data
                #expect(installedSkill?.name == "release-notes")
                // Installed from a local repository, not GitHub: a local skill, as every listing says.
                #expect(installedSkill?.source == .local)
                #expect(try await live.client.skills().items.map(\.name) == ["broken", "existing", "release-notes"])
                let loaded = try await fixture.loaded()
                #expect(loaded.skills.contains("release-notes") && loaded.skills.contains("existing"))

                // 5. Delete, then it is gone (404 in the envelope), for the API and for Claude Code.
                let deleted = try await live.probe.send("DELETE", "/api/v1/skills/release-notes", headers: Self.auth)
                #expect(try deleted.status == 200 && deleted.envelope(DeletedResponse.self).data?.deleted == true)
                let missing = try await live.probe.get("/api/v1/skills/release-notes", headers: Self.auth)
                #expect(try missing.status == 404 && missing.envelope(Skill.self).error?.code == "NOT_FOUND")
                #expect(try await !fixture.loaded().skills.contains("release-notes"))
            }
        }

        @Test func badAddressesAndNamesAreRefusedWithNothingInstalled() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("unused") }
            defer { fixture.remove() }
            let outsideRoots = try TestPaths.temporaryDirectory("outside-roots")
            defer { try? FileManager.default.removeItem(at: outsideRoots) }
            let marker = fixture.sandbox.root.appendingPathComponent("pwned")
            try await fixture.liveWithCloneRoots { live in
                let before = fixture.userSkillEntries()
                for repository in [
                    "ext::sh -c touch% \(marker.path)", "fd::3", "-uhelp", "--upload-pack=touch \(marker.path)",
                    "http://example.com/skill.git", "git://example.com/skill.git", "relative/path/x",
                    "https://user:secret@example.com/skill.git", outsideRoots.path, "file://\(outsideRoots.path)",
                    "\(fixture.sandbox.root.path)/../../etc",
                ] {
                    let body = try ClaudeAPIJSON.encode(SkillInstallRequest(repository: repository))
                    let reply = try await live.probe.post("/api/v1/skills/install", body, headers: Self.auth)
                    #expect(reply.status == 400, "\(repository): \(reply.status)")
                    let error = try reply.envelope(Skill.self).error
                    #expect(
                        error?.code == "BAD_REQUEST" && error?.message.contains("repository") == true, "\(repository)")
                    #expect(error?.message.contains("user:secret") == false)
                }
                let repo = try await fixture.repository(
                    "one", files: ["a/SKILL.md": ClaudeAPIFixture.skillText("a", "A")])
                for skillPath in ["../../etc", "/etc", "a/../../x"] {
                    let body = try ClaudeAPIJSON.encode(
                        SkillInstallRequest(repository: repo.path, skillPath: skillPath))
                    let reply = try await live.probe.post("/api/v1/skills/install", body, headers: Self.auth)
                    #expect(reply.status == 400, "\(skillPath): \(reply.status)")
                }
                // A skill right outside the skills directory that '..' would reach stays.
                let outside = fixture.sandbox.configDirectory.appendingPathComponent("outside/SKILL.md")
                try FileManager.default.createDirectory(
                    at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(ClaudeAPIFixture.skillText("outside", "Outside").utf8).write(to: outside)
                for name in ["..%2Foutside", "..%2F..%2Fetc", "-rf", "%2E%2E"] {
                    let reply = try await live.probe.send("DELETE", "/api/v1/skills/\(name)", headers: Self.auth)
                    #expect(reply.status == 400 || reply.status == 404, "\(name): \(reply.status)")
                    #expect((try reply.envelope(DeletedResponse.self).success) == false)
                }
                #expect(FileManager.default.fileExists(atPath: outside.path))
                let missingRepo = try ClaudeAPIJSON.encode(
                    SkillInstallRequest(repository: fixture.sandbox.root.path + "/no-such-repository"))
                #expect(
                    try await live.probe.post("/api/v1/skills/install", missingRepo, headers: Self.auth).status == 400)
                #expect(fixture.userSkillEntries() == before)
                #expect(!FileManager.default.fileExists(atPath: marker.path))
                await #expect(throws: CompanionClientError.self) { _ = try await live.client.searchSkills(query: "") }
            }
        }
    }
}
