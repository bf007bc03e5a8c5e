#if canImport(Glibc)
    // `stdout` is a C global variable; reading it once at start-up, before any task runs, is safe.
    @preconcurrency import Glibc
#endif

/// The C library's buffering of standard output.
enum StandardOutput {
    /// Makes standard output line-buffered even when it is a pipe or a file, where C's default is a 4 KiB buffer
    /// written only when full or at exit: a following command's lines then reach the reader as they are printed.
    static func lineBuffered() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }
}
