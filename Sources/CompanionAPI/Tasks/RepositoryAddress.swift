import Foundation

/// What a task's `repo_url` names, read the way git reads it, or why it is refused.
///
/// Allowed: `https://HOST/PATH` (no user name: on https it is a token), `ssh://[USER@]HOST[:PORT]/PATH` and
/// scp-style `[USER@]HOST:PATH` (over ssh), with no password anywhere; and local repositories, as an absolute
/// path or `file:///PATH`, which only a sidecar with clone roots accepts (it checks the resolved path; this type
/// does no I/O). Refused: git's `NAME::ADDRESS` transports (`ext::`, `fd::`, remote helpers), `http://`, `git://`
/// and every other scheme, relative paths, hosts, users or paths starting with `-`, and control characters.
public enum RepositoryAddress: Sendable, Equatable {
    /// `https://HOST/PATH`, as given.
    case https(String)
    /// `ssh://[USER@]HOST[:PORT]/PATH`, as given.
    case ssh(String)
    /// scp-style `[USER@]HOST:PATH`, as given; git reaches it over ssh.
    case scp(String)
    /// A local repository: the absolute path given, or the decoded path of a `file:///` URL.
    case local(path: String)

    /// Reads `text` as git would; throws why it is refused.
    public init(parsing text: String) throws(RepositoryAddressError) {
        if text.isEmpty { throw .empty }
        if text.unicodeScalars.count > CreateTaskRequest.maxRepoURLLength { throw .tooLong }
        if text.hasPrefix("-") { throw .optionLike }
        if HumanLabel.firstForbidden(in: text) != nil { throw .controlCharacter }
        // git: a run of scheme characters followed by "::" selects a transport or remote helper by that name.
        let scheme = Self.leadingScheme(text)
        let rest = text.dropFirst(scheme.count)
        if !scheme.isEmpty, rest.hasPrefix("::") { throw .remoteHelper(scheme) }
        if !scheme.isEmpty, rest.hasPrefix("://") {
            self = try Self.url(text, scheme: scheme.lowercased())
        } else if Self.isSCPLike(text) {
            self = try Self.scpAddress(text)
        } else if text.hasPrefix("/") {
            self = .local(path: text)
        } else {
            throw .relativePath
        }
    }

    /// The protocol name git gives this address (for `GIT_ALLOW_PROTOCOL`): `https`, `ssh` or `file`.
    public var gitProtocol: String {
        switch self {
        case .https: "https"
        case .ssh, .scp: "ssh"
        case .local: "file"
        }
    }

    /// git's `is_urlschemechar`: a letter first, then letters, digits, `+`, `-` and `.`.
    static func leadingScheme(_ text: String) -> String {
        var scheme = ""
        for character in text {
            guard character.isASCII,
                character.isLetter || (!scheme.isEmpty && (character.isNumber || "+-.".contains(character)))
            else { break }
            scheme.append(character)
        }
        return scheme
    }

    private static func url(_ text: String, scheme: String) throws(RepositoryAddressError) -> RepositoryAddress {
        switch scheme {
        case "https", "ssh", "file": break
        case "http": throw .plainHTTP
        default: throw .unsupportedScheme(scheme)
        }
        if text.contains(where: \.isWhitespace) { throw .malformed("write spaces as %20") }
        guard let components = URLComponents(string: text) else { throw .malformed("not a valid URL") }
        if components.percentEncodedPassword != nil { throw .credentials }
        if scheme == "file" {
            guard (components.percentEncodedHost ?? "").isEmpty, components.percentEncodedUser == nil else {
                throw .malformed("a file URL names no host: file:///ABSOLUTE/PATH")
            }
            let path = components.path
            guard path.hasPrefix("/"), HumanLabel.firstForbidden(in: path) == nil else {
                throw .malformed("a file URL needs an absolute path: file:///ABSOLUTE/PATH")
            }
            return .local(path: path)
        }
        if scheme == "https", components.percentEncodedUser != nil { throw .credentials }
        guard let host = components.percentEncodedHost, !host.isEmpty else { throw .malformed("no host") }
        if host.hasPrefix("-") || (components.percentEncodedUser ?? "").hasPrefix("-") {
            throw .malformed("a host or user name must not start with '-'")
        }
        return scheme == "https" ? .https(text) : .ssh(text)
    }

    /// git's rule: a colon before any slash makes `[USER@]HOST:PATH` an ssh address (`[HOST]` may hold colons).
    private static func isSCPLike(_ text: String) -> Bool {
        guard let colon = hostColon(text) else { return false }
        guard let slash = text.firstIndex(of: "/") else { return true }
        return colon < slash
    }

    /// The colon ending the host of an scp-style address, skipping a bracketed IPv6 host.
    private static func hostColon(_ text: String) -> String.Index? {
        if let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]"),
            text[..<open].allSatisfy({ $0 != ":" && $0 != "/" })
        {
            return text[close...].firstIndex(of: ":")
        }
        return text.firstIndex(of: ":")
    }

    private static func scpAddress(_ text: String) throws(RepositoryAddressError) -> RepositoryAddress {
        guard let colon = hostColon(text) else { throw .malformed("no host") }
        let left = text[..<colon]
        let path = text[text.index(after: colon)...]
        // `USER:PASSWORD@HOST:PATH` splits at the first colon: the "path" then starts with `PASSWORD@HOST`.
        if path.prefix(while: { $0 != "/" }).contains("@") { throw .credentials }
        let at = left.lastIndex(of: "@")
        let user = at.map { left[..<$0] }
        let host = at.map { left[left.index(after: $0)...] } ?? left
        if let user, user.isEmpty || !user.allSatisfy(isNameCharacter) { throw .malformed("unusable user name") }
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host
        guard !bareHost.isEmpty, bareHost.allSatisfy({ isNameCharacter($0) || $0 == ":" }) else {
            throw .malformed("unusable host name")
        }
        if host.hasPrefix("-") || user?.hasPrefix("-") == true || path.hasPrefix("-") {
            throw .malformed("a host, user name or path must not start with '-'")
        }
        if path.isEmpty || path.contains(where: \.isWhitespace) { throw .malformed("no path, or spaces in it") }
        return .scp(text)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "._-+".contains(character))
    }
}
