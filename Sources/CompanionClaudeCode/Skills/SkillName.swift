import Foundation

/// The rule for a skill's name where it becomes a path component (`<skills>/<name>`): it cannot name another
/// directory (`/`, `.`, `..`), hide itself (a leading `.`), be read as an option (a leading `-`), or hold control
/// characters; at most 128 bytes.
package enum SkillName {
    package static let maxBytes = 128

    /// `name` when it is usable as a directory name; the reason otherwise.
    package static func validate(_ name: String) throws(SkillError) -> String {
        func refuse(_ why: String) -> SkillError { .invalidName(String(name.prefix(80)), why) }
        if name.isEmpty { throw refuse("it is empty") }
        if name.utf8.count > maxBytes { throw refuse("it is longer than \(maxBytes) bytes") }
        if name == "." || name == ".." || name.contains("/") || name.contains("\\") {
            throw refuse("it would name another directory ('/', '\\', '.' and '..' are not allowed)")
        }
        if name.hasPrefix(".") { throw refuse("it starts with '.'") }
        if name.hasPrefix("-") { throw refuse("it starts with '-'") }
        if name.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                || $0 == "\u{2028}" || $0 == "\u{2029}"
        }) {
            throw refuse("it contains control characters")
        }
        if name.trimmingCharacters(in: .whitespaces) != name { throw refuse("it starts or ends with a space") }
        return name
    }

    /// `<directory>/<name>` after ``validate(_:)``, checked to be a direct child of `directory` once resolved.
    static func child(_ name: String, of directory: URL) throws(SkillError) -> URL {
        let valid = try validate(name)
        let child = directory.appendingPathComponent(valid, isDirectory: true).standardizedFileURL
        guard child.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path else {
            throw .invalidName(String(name.prefix(80)), "it would leave the skills directory")
        }
        return child
    }
}
