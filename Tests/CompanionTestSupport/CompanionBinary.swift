import Foundation

extension TestPaths {
    /// The built `companion` executable, beside the test bundle (`swift build --build-tests` builds both): the one
    /// way every test finds it.
    public static var companionBinary: URL {
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            testBundle, testBundle.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug"),
        ]
        for directory in candidates {
            let binary = directory.appendingPathComponent("companion")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return candidates[0].appendingPathComponent("companion")
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
