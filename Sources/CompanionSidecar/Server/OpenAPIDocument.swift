import Foundation

/// Finds `openapi.yaml`, shipped as a resource of this module, without `Bundle.module` (which stops the
/// process when the resource bundle is missing, e.g. for a binary copied elsewhere).
enum OpenAPIDocument {
    static let bundleName = "CompanionKit_CompanionSidecar"

    /// The document's text, or nil when the resource bundle is not next to the executable.
    static func load() -> String? {
        var directories: [URL] = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let argument = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        let suffixes = [
            "\(bundleName).resources/openapi.yaml", "\(bundleName).bundle/Contents/Resources/openapi.yaml",
            "\(bundleName).bundle/openapi.yaml",
        ]
        for directory in directories {
            for suffix in suffixes {
                let url = directory.appendingPathComponent(suffix)
                if let text = try? String(contentsOf: url, encoding: .utf8) { return text }
            }
        }
        return nil
    }
}
