import Foundation

extension TestPaths {
    /// The built `companion` executable, beside the test bundle (`swift build --build-tests` builds both).
    public static var companionBinary: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("companion")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/companion")
    }

    /// A fresh private temporary directory (0700); remove it when done.
    public static func temporaryDirectory(_ prefix: String = "companion-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }
}
