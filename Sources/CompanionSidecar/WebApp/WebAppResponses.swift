import CompanionCrypto
import CompanionWebApp
import HTTPTypes
import Hummingbird

/// The answers of `GET /app/…`: each embedded file of the phone web app with its content type, its entity tag
/// (SHA-256 of its bytes) and the headers every page of the app carries (``WebAppHeaders``). Built once.
struct WebAppResponses: Sendable {
    struct Entry: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// `"<hex SHA-256>"`: a reload revalidates with `If-None-Match` and gets 304 when nothing changed.
        let entityTag: String
    }

    let entries: [String: Entry]

    init(files: [String: WebAppFiles.File] = WebAppFiles.all) {
        var entries: [String: Entry] = [:]
        for (path, file) in files {
            let digest = HexEncoding.lowercase(SHA256.hash(file.bytes))
            entries[path] = Entry(
                bytes: file.bytes, contentType: Self.contentType(of: path), entityTag: "\"\(digest)\"")
        }
        self.entries = entries
    }

    /// The answer for `path` (relative to `/app/`; empty means `index.html`), or nil when there is no such file.
    func response(for path: String, ifNoneMatch: String?, headOnly: Bool) -> Response? {
        let name = path.isEmpty ? "index.html" : path
        guard let entry = entries[name] else { return nil }
        var headers = WebAppHeaders.common
        headers[.contentType] = entry.contentType
        headers[.eTag] = entry.entityTag
        headers[.cacheControl] = "no-cache"
        if let ifNoneMatch,
            ifNoneMatch.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == entry.entityTag
            })
        {
            return Response(status: .notModified, headers: headers, body: .init())
        }
        headers[.contentLength] = String(entry.bytes.count)
        if headOnly { return Response(status: .ok, headers: headers, body: .init()) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: entry.bytes)))
    }

    /// The content type of a file by its extension; `application/octet-stream` (never sniffed: `nosniff`) for
    /// any other.
    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        case "webmanifest": "application/manifest+json"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
