import Foundation

/// Locations shared by the test targets.
public enum TestPaths {
    /// The package root (the directory holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `TestVectors/` at the package root.
    public static var testVectors: URL { packageRoot.appendingPathComponent("TestVectors") }
}
