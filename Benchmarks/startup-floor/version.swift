// The least a Swift program with Foundation does: start, print a line, end.
import Foundation

@main struct Version {
    static func main() { print("0.1.0 \(ProcessInfo.processInfo.arguments.count)") }
}
