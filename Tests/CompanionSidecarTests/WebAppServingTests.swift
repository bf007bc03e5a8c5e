import CompanionTestSupport
import CompanionWebApp
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CompanionSidecar

/// The phone web app as the sidecar serves it: every file of `Sources/CompanionWebApp/app/` embedded (the
/// WebAppAssets plugin), answered with its type, entity tag and headers; the own-origin rule and the browser's
/// signed WebSocket upgrade, unit by unit (the browser tests drive them end to end: Tests/Browser).
@Suite struct WebAppServingTests {
    @Test func everyFileOfTheAppIsEmbeddedByteForByte() throws {
        let root = TestPaths.packageRoot.appendingPathComponent("Sources/CompanionWebApp/app")
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var onDisk: [String: Data] = [:]
        for case let file as URL in walker where !file.hasDirectoryPath {
            let relative = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            onDisk[relative] = try Data(contentsOf: file)
        }
        #expect(onDisk.count >= 20)
        #expect(Set(WebAppFiles.all.keys) == Set(onDisk.keys))
        for (path, bytes) in onDisk { #expect(WebAppFiles.file(at: path).map { Data($0.bytes) } == bytes, "\(path)") }
    }

    @Test func filesAnswerWithTheirTypeTagAndTheSecurityHeaders() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let page = try await client.execute(uri: "/app/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy] == WebAppHeaders.contentSecurityPolicy)
            #expect(page.headers[.referrerPolicy] == "no-referrer")
            #expect(page.headers[.crossOriginOpenerPolicy] == "same-origin")
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
            let tag = try #require(page.headers[.eTag])
            let again = try await client.execute(uri: "/app/index.html", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            let script = try await client.execute(uri: "/app/js/sign.js", method: .get)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let missing = try await client.execute(uri: "/app/js/none.js", method: .get)
            #expect(missing.status == .notFound)
            let redirect = try await client.execute(uri: "/app", method: .get)
            #expect(redirect.status == .movedPermanently && redirect.headers[.location] == "/app/")
        }
        #expect(!WebAppHeaders.contentSecurityPolicy.contains("unsafe"))
    }

    /// testssl.sh rated the absence of security headers MEDIUM: every answer of the API, errors and the 404 of an
    /// unknown path included, carries them now; the app's files keep their own policy.
    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            for (uri, method) in [("/health", HTTPRequest.Method.get), ("/", .get), ("/companion/status", .post)] {
                let answer = try await client.execute(uri: uri, method: method)
                #expect(
                    answer.headers[.contentSecurityPolicy] == SecurityHeadersMiddleware.contentSecurityPolicy,
                    "\(uri): \(answer.status)")
                #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(answer.headers[.xFrameOptions] == "DENY", "\(uri)")
                #expect(answer.headers[.referrerPolicy] == "no-referrer", "\(uri)")
            }
            let page = try await client.execute(uri: "/app/", method: .get)
            #expect(page.headers[.contentSecurityPolicy] == WebAppHeaders.contentSecurityPolicy)
            #expect(page.headers[values: .contentSecurityPolicy].count == 1)
        }
    }

    @Test func theOwnOriginIsThisHostOnTheConnectionsPortOnly() {
        let own = OwnOrigin(hostPolicy: HostPolicy(hostName: "box", publicURL: nil, bindAddresses: ["10.77.0.1"]))
        #expect(own.matches("https://10.77.0.1:7878", authority: "10.77.0.1:7878", localPort: 7878))
        #expect(own.matches("http://127.0.0.1:7878", authority: "127.0.0.1:7878", localPort: 7878))
        #expect(own.matches("https://box", authority: "box", localPort: 443))
        #expect(!own.matches("https://10.77.0.1:7879", authority: "10.77.0.1:7878", localPort: 7878))
        #expect(!own.matches("https://box", authority: "box", localPort: 7878))
        #expect(!own.matches("https://evil.example:7878", authority: "evil.example:7878", localPort: 7878))
        #expect(!own.matches("https://10.77.0.2:7878", authority: "10.77.0.2:7878", localPort: 7878))
        #expect(!own.matches("https://evil.example:7878", authority: "10.77.0.1:7878", localPort: 7878))
        #expect(!own.matches("null", authority: "10.77.0.1:7878", localPort: 7878))
        #expect(!own.matches("https://10.77.0.1:7878", authority: "10.77.0.1:7878", localPort: nil))
    }

    @Test func aBrowsersUpgradeCarriesTheFourSignedFieldsAsSubprotocols() {
        let offered = "companionkit.sign, ck.d.dev_1, ck.t.1772013600000, ck.n.bm9uY2U, ck.s.ab-_cd"
        #expect(
            BrowserSignedUpgrade.signedFields(offered) == ["dev_1", "1772013600000", "bm9uY2U", "ab+/cd=="])
        #expect(BrowserSignedUpgrade.signedFields("ck.d.dev_1, ck.t.1, ck.n.n, ck.s.s") == nil)
        #expect(BrowserSignedUpgrade.signedFields("companionkit.sign, ck.d.dev_1, ck.t.1, ck.n.n") == nil)
        #expect(BrowserSignedUpgrade.signedFields("companionkit.sign, ck.d., ck.t.1, ck.n.n, ck.s.s") == nil)
    }
}
