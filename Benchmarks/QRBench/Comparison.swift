import CompanionQR
import CompanionTestSupport
import Foundation

/// Ours against `zbarimg` on the same images in the same run. Both run as one process per image (start-up
/// included), alternating which goes first, so the comparison is like with like.
enum Comparison {
    static let zbarArguments = ["-q", "--raw", "--nodbus", "-Sdisable", "-Sqrcode.enable", "-Sbinary"]

    struct Tally {
        var correct = 0
        var seconds = 0.0
        var failures: [String] = []
    }

    static func run(sets: [(name: String, directory: String)]) {
        let ourPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        guard let zbarPath = which("zbarimg") else {
            FileHandle.standardError.write(Data("qr-bench: zbarimg not found (apt-get install zbar-tools)\n".utf8))
            exit(1)
        }
        print("one process per image for both decoders; times are wall-clock per image, start-up included")
        print("(ours in-process: the same decode without process start-up, for information)")
        print(
            pad("set", 8) + pad("images", 7) + pad("ours correct", 14) + pad("zbarimg correct", 16)
                + pad("ours ms/img", 12) + pad("zbarimg ms/img", 15) + pad("ratio ours/zbarimg", 19)
                + "ours in-process ms/img")
        var details: [String] = []
        for set in sets {
            let images = CorpusImage.load(set.directory)
            guard !images.isEmpty else {
                print("\(set.name): no images with .txt in \(set.directory)")
                continue
            }
            // Warm the page cache and the dynamic loader for both.
            _ = execute(ourPath, ["decode", images[0].path])
            _ = execute(zbarPath, zbarArguments + [images[0].path])
            var ours = Tally()
            var zbar = Tally()
            for (index, image) in images.enumerated() {
                let runs: [(Bool, String, [String])] = [
                    (true, ourPath, ["decode", image.path]), (false, zbarPath, zbarArguments + [image.path]),
                ]
                for (isOurs, path, arguments) in index % 2 == 0 ? runs : runs.reversed() {
                    let start = now()
                    let output = execute(path, arguments)
                    let elapsed = now() - start
                    let name = URL(fileURLWithPath: image.path).lastPathComponent
                    if isOurs {
                        ours.seconds += elapsed
                        if image.matches(output) { ours.correct += 1 } else { ours.failures.append(name) }
                    } else {
                        zbar.seconds += elapsed
                        if image.matches(output) { zbar.correct += 1 } else { zbar.failures.append(name) }
                    }
                }
            }
            var inProcess = 0.0
            for image in images {
                let start = now()
                _ = try? QRDecoder().decode(file: image.path)
                inProcess += now() - start
            }
            let count = Double(images.count)
            func percent(_ tally: Tally) -> String {
                "\(tally.correct) \(oneDecimal(Double(tally.correct) / count * 100))%"
            }
            print(
                pad(set.name, 8) + pad(String(images.count), 7) + pad(percent(ours), 14) + pad(percent(zbar), 16)
                    + pad(oneDecimal(ours.seconds / count * 1000), 12)
                    + pad(oneDecimal(zbar.seconds / count * 1000), 15)
                    + pad(String(format: "%.2f", ours.seconds / zbar.seconds), 19)
                    + oneDecimal(inProcess / count * 1000))
            details.append("\(set.name): ours missed \(ours.failures.count): \(ours.failures.joined(separator: " "))")
            details.append(
                "\(set.name): zbarimg missed \(zbar.failures.count): \(zbar.failures.joined(separator: " "))")
        }
        for line in details { print(line) }
    }

    /// Runs a program and returns its standard output (started with posix_spawn by ProcessRunner, as both
    /// sides are; not Foundation's Process, whose run() can crash on Linux: docs/testing.md).
    /// A program that cannot be run stops the benchmark (an empty output would count as a miss).
    static func execute(_ path: String, _ arguments: [String]) -> [UInt8] {
        do {
            return try ProcessRunner.runBlocking(path, arguments, timeout: 600).stdoutBytes
        } catch {
            fatalError("qr-bench: \(path): \(error)")
        }
    }

    static func which(_ program: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
