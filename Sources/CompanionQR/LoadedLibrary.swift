/// A C library loaded with `dlopen` on first use (see `Sources/CSystem/*/shim.h`): its function table, or why it
/// could not be loaded. Loading happens once per process, on first access, and is thread-safe (a global `let`).
struct LoadedLibrary<API: Sendable>: Sendable {
    /// The library's name as a person installs it, e.g. `libzbar0`.
    let package: String
    let loaded: Result<API, LibraryUnavailable>

    /// Calls `load` (one of the shims' `c…_load` functions) to fill a function table.
    init(package: String, _ load: (UnsafeMutablePointer<API>, UnsafeMutablePointer<CChar>, Int) -> Int32) {
        self.package = package
        let table = UnsafeMutablePointer<API>.allocate(capacity: 1)
        defer { table.deallocate() }
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { load(table, $0.baseAddress!, $0.count) }
        if status == 0 {
            loaded = .success(table.pointee)
        } else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            loaded = .failure(LibraryUnavailable(package: package, detail: detail))
        }
    }
}

/// A shared library the operation needs could not be loaded.
public struct LibraryUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The Debian package that provides it, e.g. `libzbar0`.
    public var package: String
    /// The loader's message, e.g. `libzbar.so.0: cannot open shared object file: No such file or directory`.
    public var detail: String

    public var description: String { "cannot load \(package): \(detail)" }
}
