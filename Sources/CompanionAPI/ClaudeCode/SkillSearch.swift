import Foundation

/// One skill found by `GET /skills/search` (`GitHubSearchResult` of the ILS app): ``repository`` and ``skillPath``
/// are what `POST /skills/install` takes to install it. Found in a registered source, never on GitHub.
public struct GitHubSearchResult: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The registered source's path (what to give as `repository` to install).
    public var repository: String
    public var name: String
    public var description: String?
    public var stars: Int
    public var lastUpdated: String?
    /// The skill's directory inside the source.
    public var skillPath: String?

    public init(
        id: UUID, repository: String, name: String, description: String? = nil, stars: Int = 0,
        lastUpdated: String? = nil, skillPath: String? = nil
    ) {
        self.id = id
        self.repository = repository
        self.name = name
        self.description = description
        self.stars = stars
        self.lastUpdated = lastUpdated
        self.skillPath = skillPath
    }
}

/// The answer of `GET /skills/search`: the app's `ListResponse<GitHubSearchResult>` (``items``, ``total``) plus
/// what was searched: the registered sources' names, and a note that says GitHub is not searched.
public struct SkillSearchResponse: Codable, Sendable, Equatable {
    public var items: [GitHubSearchResult]
    public var total: Int
    /// The names of the registered sources searched.
    public var sources: [String]
    /// Always false: the search is offline, over registered sources only.
    public var searchesGitHub: Bool
    public var note: String

    public init(items: [GitHubSearchResult], sources: [String], note: String) {
        self.items = items
        self.total = items.count
        self.sources = sources
        self.searchesGitHub = false
        self.note = note
    }
}

/// A registered skill search source (CompanionKit's `GET /skills/sources`).
public struct SkillSearchSourceInfo: Codable, Sendable, Equatable {
    public var name: String
    public var path: String
    public var addedAt: Date

    public init(name: String, path: String, addedAt: Date) {
        self.name = name
        self.path = path
        self.addedAt = addedAt
    }
}

/// `POST /skills/sources`: a directory on the workstation to search for skills.
public struct AddSkillSourceRequest: Codable, Sendable, Equatable {
    public var path: String
    public var name: String?

    public init(path: String, name: String? = nil) {
        self.path = path
        self.name = name
    }
}
