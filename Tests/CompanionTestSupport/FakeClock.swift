import Foundation

/// A wall clock for a child process that a test moves forward: libfaketime (Debian `faketime`) preloaded, with
/// the offset read from a file on every call.
public final class FakeClock: @unchecked Sendable {
    /// libfaketime's preload library, in whichever multiarch directory this machine has it.
    public static let library: String? = {
        let fileManager = FileManager.default
        let architectures = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib")) ?? []
        let candidates =
            architectures.sorted().map { "/usr/lib/\($0)/faketime/libfaketimeMT.so.1" } + [
                "/usr/lib/faketime/libfaketimeMT.so.1", "/usr/lib64/faketime/libfaketimeMT.so.1",
            ]
        return candidates.first { fileManager.fileExists(atPath: $0) }
    }()

    public struct NotInstalled: Error, CustomStringConvertible {
        public var description: String { "libfaketime is not installed (apt-get install faketime)" }
    }

    private let file: URL
    private let lock = NSLock()
    private var offsetSeconds = 0

    /// A clock at offset zero, kept in `file`.
    public init(file: URL) throws {
        guard Self.library != nil else { throw NotInstalled() }
        self.file = file
        try "+0s\n".write(to: file, atomically: true, encoding: .utf8)
    }

    /// The environment that puts a child on this clock (monotonic time stays real).
    public var environment: [String: String?] {
        [
            "LD_PRELOAD": Self.library, "FAKETIME_TIMESTAMP_FILE": file.path, "FAKETIME_NO_CACHE": "1",
            "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        ]
    }

    /// Moves the clock forward.
    public func advance(by seconds: Int) throws {
        try lock.withLock {
            offsetSeconds += seconds
            try "+\(offsetSeconds)s\n".write(to: file, atomically: true, encoding: .utf8)
        }
    }
}
