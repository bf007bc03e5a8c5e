#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's inode, size and modification time: whether a file changed since it was last looked at (a transcript
/// whose stamp is unchanged is not opened; a replacement is made only if the file is still the version read).
package struct FileStamp: Equatable, Sendable {
    package var inode: UInt64
    package var size: Int64
    package var mtimeNanoseconds: Int64

    package init(inode: UInt64, size: Int64, mtimeNanoseconds: Int64) {
        self.inode = inode
        self.size = size
        self.mtimeNanoseconds = mtimeNanoseconds
    }

    /// The stamp of the file at `path` (following links), or `nil`.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the file at `path` itself (not following a link), or `nil`.
    package init?(linkAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    package init(_ info: stat) {
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Glibc)
            mtimeNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #else
            mtimeNanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #endif
    }
}
