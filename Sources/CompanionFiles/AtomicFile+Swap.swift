import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFile {
    /// Replaces the file as ``replace(_:with:mode:durable:)`` does, but only if it is still the version whose stamp
    /// is `expected` (nil: only if there is still no file); returns false, having changed nothing, when it is not.
    ///
    /// The check cannot be separated from the replacement by another writer's rename: the new file is swapped
    /// in with `renameat2(RENAME_EXCHANGE)` (or put in place with `RENAME_NOREPLACE` when there was no file),
    /// and the file that was swapped out is the one checked. If it is not the expected version (someone who does
    /// not take the lock replaced the file between the last look and the swap), it is swapped back at once, so
    /// their version stays and the caller re-applies its change to it. `beforeSwap` runs after the new file is
    /// written and before the swap (tests use it to play that other writer). Without `renameat2` (not Linux, or
    /// a file system without it), or when the path is a symbolic link, the stamp is compared just before a plain
    /// `rename`.
    package static func replace(
        _ path: String, with bytes: some ContiguousBytes, mode: FileMode, ifStill expected: FileStamp?,
        beforeSwap: (@Sendable () -> Void)? = nil
    ) throws(FileWriteError) -> Bool {
        let temporary = try writeTemporary(for: path, bytes: bytes, mode: mode.bits(for: path))
        beforeSwap?()
        guard FileStamp(path: path) == expected else {
            unlink(temporary)
            return false
        }
        let flags: UInt32 = expected == nil ? RenameAt2.noReplace : RenameAt2.exchange
        // A link in place of the file is replaced as before (the swap would check the link, not the file read).
        let outcome: RenameAt2.Outcome = isSymbolicLink(path) ? .unsupported : RenameAt2.call(temporary, path, flags)
        switch outcome {
        case .done:
            break
        case .failed(let code) where expected == nil && code == EEXIST:
            unlink(temporary)
            return false
        case .failed(let code):
            unlink(temporary)
            throw FileWriteError(path: path, operation: "replace", errno: code)
        case .unsupported:
            // No atomic check-and-swap here: the stamp was compared a moment ago (a window of one system call).
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw FileWriteError(path: path, operation: "replace", errno: code)
            }
            try syncDirectory(of: path)
            return true
        }
        if let expected {
            // `temporary` now names the version we replaced.
            guard FileStamp(linkAt: temporary) == expected else {
                if case .done = RenameAt2.call(temporary, path, RenameAt2.exchange) {
                    unlink(temporary)
                    try syncDirectory(of: path)
                    return false
                }
                unlink(temporary)
                throw FileWriteError(path: path, operation: "swap back", errno: EAGAIN)
            }
            unlink(temporary)
        }
        try syncDirectory(of: path)
        return true
    }

    /// Removes `path` only if it is still the version whose stamp is `expected`; returns false, having changed
    /// nothing, when it is not. The file is first renamed aside (atomic) and the version renamed is the one checked:
    /// another writer's version is put back (`RENAME_NOREPLACE`), or, if a third version appeared there meanwhile,
    /// kept at `aside` rather than lost.
    package static func remove(_ path: String, ifStill expected: FileStamp, keepingOtherVersionAt aside: String)
        throws(FileWriteError) -> Bool
    {
        guard FileStamp(path: path) == expected else { return false }
        if isSymbolicLink(path) {
            try remove(path)
            return true
        }
        let url = URL(fileURLWithPath: path)
        let temporary =
            url.deletingLastPathComponent().path
            + "/.\(url.lastPathComponent).companion-\(UInt64.random(in: 0...UInt64.max)).removed"
        guard rename(path, temporary) == 0 else {
            if errno == ENOENT { return false }
            throw FileWriteError(path: path, operation: "remove", errno: errno)
        }
        guard FileStamp(linkAt: temporary) == expected else {
            switch RenameAt2.call(temporary, path, RenameAt2.noReplace) {
            case .done: break
            case .unsupported where rename(temporary, path) == 0: break
            default:
                guard rename(temporary, aside) == 0 else {
                    throw FileWriteError(path: aside, operation: "keep another writer's version at", errno: errno)
                }
            }
            try syncDirectory(of: path)
            return false
        }
        unlink(temporary)
        try syncDirectory(of: path)
        return true
    }
}

/// glibc's `renameat2` (2.28+), looked up at run time: the Swift Glibc module does not declare it.
enum RenameAt2 {
    enum Outcome {
        case done
        case failed(Int32)
        /// No `renameat2`, or this file system does not support the flag.
        case unsupported
    }

    static let noReplace: UInt32 = 1  // RENAME_NOREPLACE
    static let exchange: UInt32 = 2  // RENAME_EXCHANGE

    private typealias Function =
        @convention(c) (
            Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32

    private static let function: Function? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()

    static func call(_ from: String, _ to: String, _ flags: UInt32) -> Outcome {
        guard let function else { return .unsupported }
        if function(AT_FDCWD, from, AT_FDCWD, to, flags) == 0 { return .done }
        let code = errno
        return code == ENOSYS || code == EINVAL ? .unsupported : .failed(code)
    }
}
