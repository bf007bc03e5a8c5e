import CompanionAPI
import Testing

@Suite("Repository addresses: read as git reads them, refused unless https, ssh or a local path")
struct RepositoryAddressTests {
    @Test(arguments: [
        ("https://github.com/apple/swift.git", RepositoryAddress.https("https://github.com/apple/swift.git")),
        ("HTTPS://example.com:8443/x", .https("HTTPS://example.com:8443/x")),
        ("ssh://git@github.com/apple/swift.git", .ssh("ssh://git@github.com/apple/swift.git")),
        ("ssh://example.com:2222/srv/repo.git", .ssh("ssh://example.com:2222/srv/repo.git")),
        ("git@github.com:apple/swift.git", .scp("git@github.com:apple/swift.git")),
        ("example.com:repo.git", .scp("example.com:repo.git")),
        ("git@[::1]:repo.git", .scp("git@[::1]:repo.git")),
        ("/srv/git/repo", .local(path: "/srv/git/repo")),
        ("/srv/a:b", .local(path: "/srv/a:b")),
        ("/srv/with space", .local(path: "/srv/with space")),
        ("file:///srv/git/repo", .local(path: "/srv/git/repo")),
        ("file:///srv/a%20b", .local(path: "/srv/a b")),
    ])
    func accepted(text: String, address: RepositoryAddress) throws {
        #expect(try RepositoryAddress(parsing: text) == address)
    }

    @Test(arguments: [
        ("", RepositoryAddressError.empty), ("-u", .optionLike), ("--upload-pack=touch x", .optionLike),
        ("fd::17", .remoteHelper("fd")), ("foo::bar", .remoteHelper("foo")), ("ext::sh -c id", .remoteHelper("ext")),
        ("http://example.com/x", .plainHTTP), ("git://example.com/x", .unsupportedScheme("git")),
        ("ftp://example.com/x", .unsupportedScheme("ftp")), ("git+ssh://h/x", .unsupportedScheme("git+ssh")),
        ("../..", .relativePath), ("repo", .relativePath), ("~/repo", .relativePath), ("./a:b", .relativePath),
        ("https://alice:pw@example.com/x", .credentials), ("https://token@example.com/x", .credentials),
        ("https://alice:@example.com/x", .credentials), ("ssh://git:pw@example.com/x", .credentials),
        ("alice:pw@example.com:x.git", .credentials), ("https://e.com/\u{202E}", .controlCharacter),
        ("https://e.com/a\nb", .controlCharacter), ("git@h:x\r", .controlCharacter),
    ])
    func refused(text: String, error: RepositoryAddressError) {
        #expect(throws: error) { try RepositoryAddress(parsing: text) }
    }

    @Test(arguments: [
        "https://", "https:///x", "ssh://-oProxyCommand=x/y", "ssh://-oProxyCommand=x@h/y", "ssh://user@-h/x",
        "-h:x", "h:-x", "user@:x", "@h:x", "h:", "file://host/x", "file://localhost/x",
        "https://e.com/a b", "us er@h:x",
    ])
    func malformed(text: String) {
        #expect(throws: RepositoryAddressError.self) { try RepositoryAddress(parsing: text) }
    }

    @Test func messagesSayWhatToDoAndNeverRepeatTheAddress() {
        let credentials = RepositoryAddressError.credentials.description
        #expect(credentials.contains("git config --global credential.helper"))
        #expect(RepositoryAddressError.localNotAllowed.description.contains("--clone-root"))
        #expect(RepositoryAddressError.plainHTTP.description.contains("https://"))
        for error in [RepositoryAddressError.remoteHelper("fd"), .unsupportedScheme("git"), .relativePath] {
            #expect(error.description.hasPrefix("repo_url"))
            #expect(error.description.contains("https://HOST/PATH"))
        }
    }

    @Test func gitProtocolNames() throws {
        #expect(try RepositoryAddress(parsing: "https://e.com/x").gitProtocol == "https")
        #expect(try RepositoryAddress(parsing: "ssh://e.com/x").gitProtocol == "ssh")
        #expect(try RepositoryAddress(parsing: "git@e.com:x").gitProtocol == "ssh")
        #expect(try RepositoryAddress(parsing: "/srv/x").gitProtocol == "file")
    }
}
