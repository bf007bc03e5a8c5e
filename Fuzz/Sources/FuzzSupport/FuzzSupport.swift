import Dispatch

/// Helpers shared by the fuzz targets.
public enum FuzzSupport {
    /// The fuzzer's input as an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the process with a message libFuzzer records as a crash, with the input that caused it.
    public static func violation(_ message: String) -> Never {
        fatalError("fuzz invariant violated: \(message)")
    }

    /// Runs async work to completion from libFuzzer's synchronous entry point.
    public static func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        guard let value = box.value else { violation("async work finished without a value") }
        return value
    }

    /// Written by one task before the semaphore is signalled, read after the wait: no concurrent access.
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }
}

extension Array where Element == UInt8 {
    /// Splits at the first `count - 1` occurrences of `separator`, keeping empty fields, so the last field may
    /// contain the separator. Always returns `count` fields (missing ones are nil).
    public func fields(_ count: Int, separator: UInt8 = 0) -> [[UInt8]?] {
        var result: [[UInt8]?] = []
        var rest = self[...]
        while result.count < count - 1, let index = rest.firstIndex(of: separator) {
            result.append(Array(rest[..<index]))
            rest = rest[(index + 1)...]
        }
        result.append(Array(rest))
        while result.count < count { result.append(nil) }
        return result
    }
}

/// libFuzzer's driver (compiler-rt, `-sanitize=fuzzer`): parses the command line and calls `test` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

extension FuzzSupport {
    /// The body of a fuzz target's `main`. SwiftPM links executables with `main` aliased to `<Target>_main`, so each
    /// target defines that symbol and hands control to libFuzzer here.
    public static func main(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var count = argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return runDriver(&count, &arguments, test)
    }
}
