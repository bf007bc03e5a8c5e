import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The pipe to a task's standard input: the child reads ``readEnd`` (handed to swift-subprocess, which closes it
/// once the child runs); the input is written to the other end by a thread of its own, so a child that does not
/// read cannot block the sidecar, and one that exits first only makes the write fail.
final class InputPipe: Sendable {
    let readEnd: Int32
    /// What is written before the child runs: one page, the least a Linux pipe holds (pipe(7): a pipe over the
    /// user's soft limit of pipe pages gets one page; otherwise 64 KiB).
    static let bytesAtOnce = 4096
    private let writeEnd: Int32
    /// Whether the write end was handed to the writer thread or closed: it is closed exactly once.
    private let released = Atomic<Bool>(false)

    /// Both ends close-on-exec: the child gets the read end as its standard input only (`pipe2` is not in
    /// Swift's Glibc module; swift-subprocess also closes every other descriptor in the child).
    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Writes `data`, then closes the write end (end of file for the child). The first ``bytesAtOnce`` are written
    /// at once (they cannot block: an empty pipe holds at least one page, pipe(7)), so a child started after this
    /// call finds its input waiting; the rest is written by a thread of its own.
    func write(_ data: Data) {
        guard release() else { return }
        let end = writeEnd
        let first = data.prefix(Self.bytesAtOnce)
        var written = 0
        first.withUnsafeBytes { bytes in
            while written < bytes.count, let base = bytes.baseAddress {
                let count = Glibc.write(end, base + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                written += count
            }
        }
        let data = data.dropFirst(written)
        guard !data.isEmpty else {
            close(end)
            return
        }
        let thread = Thread {
            // A child that exits first makes the write fail with EPIPE; the SIGPIPE that comes with it is aimed at
            // this thread, which blocks it (and ends with it pending), whatever the process does with SIGPIPE.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count, let base = bytes.baseAddress {
                    let written = Glibc.write(end, base + offset, bytes.count - offset)
                    if written < 0, errno == EINTR { continue }
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(end)
        }
        thread.name = "task-stdin"
        thread.start()
    }

    /// Closes the write end unless the writer has it (the child was never started, or its run failed).
    func abandon() {
        if release() { close(writeEnd) }
    }

    /// Takes the write end; true only the first time.
    private func release() -> Bool {
        !released.exchange(true, ordering: .acquiringAndReleasing)
    }
}
