import Foundation

/// What `companion … --json` must print when it fails: standard output is one JSON document,
/// `{"ok":false,"error":{code,message,hint,exitCode}}` whose exit code is the command's (or, for `qr decode`'s
/// per-file report, an array whose failed entries carry the error), and the person still gets the message on
/// standard error. Shared by the spawned (`JSONFailureEndToEndTests`) and in-process (`JSONFailureTests`) runs.
public enum JSONFailureShape {
    /// What is wrong with a failed run's output; empty when it has the shape.
    public static func problems(status: Int32, stdout: String, stderr: String) -> [String] {
        guard status != 0 else { return ["the command did not fail"] }
        guard let document = try? JSONValue.parse(stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return ["standard output is not one JSON document: \(stdout)"]
        }
        let perFile = document.arrayValue != nil
        let error = document["error"] ?? document.arrayValue?.compactMap { $0["error"] }.first
        var problems: [String] = []
        if !perFile, document["ok"]?.boolValue != false { problems.append("no \"ok\": false: \(stdout)") }
        if error?["exitCode"]?.description != "\(status)" { problems.append("exitCode is not \(status): \(stdout)") }
        if error?["message"]?.stringValue?.isEmpty != false { problems.append("no message: \(stdout)") }
        if !perFile, stderr.isEmpty { problems.append("nothing on standard error for the person") }
        return problems
    }
}
