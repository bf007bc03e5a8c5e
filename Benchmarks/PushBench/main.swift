// Benchmark driver for Benchmarks/push.sh (Web Push); not a product.
//   push-bench N   N permission requests delivered as Claude Code's hook delivers them (`companion hook --socket
//                  owner.sock`, a process per event): the time from starting the hook to (a) the `attention` event on
//                  /ws (the CLI's own path: `companion watch`, `approve`) and (b) the test push service
//                  (Tests/push/push_service.py: HTTPS, VAPID verified, the message decrypted) printing the message,
//                  in the same run; each request is then denied so the hook ends.
import CompanionAPI
import CompanionClient
import CompanionPush
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Synchronization

let apiKey = "push-bench-key-0123456789abcdef"
guard CommandLine.arguments.count >= 2, let count = Int(CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: push-bench N\n".utf8))
    exit(64)
}
let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("push-bench-\(getpid())")
try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
let service = try WebPushPeer.startService(in: root)
defer {
    service.closeInput()
    service.kill(SIGKILL)
    try? FileManager.default.removeItem(at: root)
}
try await service.waitForOutput(timeout: 30) { out, _ in out.contains("\n") }
struct Ready: Decodable {
    let port: Int
    let subscriptions: [String: PushSubscriptionRequest.Keys]
}
let ready = try JSONDecoder().decode(Ready.self, from: Data(service.stdout.split(separator: "\n")[0].utf8))

var push = PushSettings(vapidKey: .generate())
push.hosts = ["localhost"]
push.testing = PushSettings.Testing(
    allowsLoopback: true, trustRootsPEM: try String(contentsOf: root.appendingPathComponent("ca.pem"), encoding: .utf8))
var configuration = SidecarConfiguration(
    host: "127.0.0.1", port: 0, dataDirectory: root.appendingPathComponent("sidecar"), hostName: "bench")
configuration.taskAPIKey = try TaskAPIKey(apiKey)
configuration.taskAPIKey?.scopes = DeviceScope.all
configuration.agents = AgentsSettings(tmuxSocket: "push-bench-\(getpid())", approvalHoldTime: .seconds(60))
configuration.push = push
let sidecar = try Sidecar(configuration: configuration, logLevel: .error)
let running = try await sidecar.start()
let device = TestDevice(name: "bench phone")
let deviceID = try await sidecar.registry.registerPairing(
    name: device.name, publicKey: device.keys.publicKey.base64, at: Date(), peer: nil
).device.id
let body = try CompanionJSON.encode(
    PushSubscriptionRequest(
        endpoint: "https://localhost:\(ready.port)/push/main", keys: ready.subscriptions["/push/main"]!))
let path = "/companion/push/subscriptions"
let subscribed = try await HTTPProbe(baseURL: running.baseURL).post(
    path, body, headers: device.signedHeaders(id: deviceID, "POST", path, body: body, now: Date()))
guard subscribed.status == 201 else { fatalError("subscribing failed: \(subscribed.status)") }

let client = AgentClient(
    transport: try SidecarTransport(
        baseURL: running.baseURL.absoluteString, authentication: SidecarAuthentication(apiKey: apiKey),
        timeout: .seconds(30)))
let ownerSocket = OwnerSocket.path(in: root.appendingPathComponent("sidecar"))

/// Arrival times of `attention` events on /ws, by session id.
let attentionArrivals = Mutex<[String: (UInt64, AgentAttentionInfo)]>([:])
let socket = Task {
    _ = try? await AgentEventSocket(transport: client.transport).run(after: nil, messages: []) { event in
        if event.type == "attention", let session = event.session, let attention = session.attention,
            attention.kind == "approval"
        {
            let now = DispatchTime.now().uptimeNanoseconds
            attentionArrivals.withLock { $0[session.id] = $0[session.id] ?? (now, attention) }
        }
        return []
    }
}
try await Task.sleep(for: .milliseconds(300))

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

var toWS: [Double] = []
var toPush: [Double] = []
for i in 0..<count {
    let session = "push-bench-\(i)"
    let event = try JSONSerialization.data(withJSONObject: [
        "hook_event_name": "PermissionRequest", "session_id": session, "cwd": "/bench", "tool_name": "Bash",
        "tool_input": ["command": "touch /tmp/push-bench-\(i)"],
    ])
    let linesBefore = service.stdout.split(separator: "\n").count
    let start = DispatchTime.now().uptimeNanoseconds
    let hook = try ProcessRunner.spawn(TestPaths.companionBinary.path, ["hook", "--socket", ownerSocket])
    hook.write([UInt8](event))
    hook.closeInput()
    // The push service prints one line per message; polled every 0.2 ms by its byte count (decoding the whole
    // output at every poll cost the sidecar, in this same process, CPU of its own), then read when it grew.
    var seenBytes = service.stdoutByteCount
    while true {
        let bytes = service.stdoutByteCount
        if bytes != seenBytes {
            seenBytes = bytes
            if service.stdout.split(separator: "\n").count > linesBefore { break }
        }
        try await Task.sleep(for: .microseconds(200))
    }
    toPush.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    var seen: (UInt64, AgentAttentionInfo)?
    while seen == nil {
        seen = attentionArrivals.withLock { $0[session] }
        if seen == nil { try await Task.sleep(for: .microseconds(200)) }
    }
    toWS.append(Double(seen!.0 - start) / 1e6)
    _ = try await client.deny(id: seen!.1.approvalId!, digest: seen!.1.digest)
    _ = try await hook.finish(timeout: 30)
}
guard !service.stdout.contains("vapidError"), !service.stdout.contains("decryptError") else {
    fatalError("the push service refused a message: \(service.stdout.suffix(500))")
}
let line = String(
    format: "permission request (companion hook) -> push service received: p50 %.2f ms, p99 %.2f ms (n=%d); "
        + "-> /ws attention (the CLI's path): p50 %.2f ms, p99 %.2f ms; push health %@\n",
    percentile(toPush, 0.5), percentile(toPush, 0.99), toPush.count, percentile(toWS, 0.5), percentile(toWS, 0.99),
    "\(sidecar.push!.health)")
FileHandle.standardOutput.write(Data(line.utf8))
// What the push path adds to the /ws one, per request, and what its own steps cost in this process (the sidecar's
// calls, timed one by one): the resolver on a thread of its own, the encryption, the VAPID signature.
let added = zip(toPush, toWS).map { $0 - $1 }
func timed(_ runs: Int, _ body: () async throws -> Void) async rethrows -> (Double, Double) {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return (percentile(times, 0.5), percentile(times, 0.99))
}
let keys = ready.subscriptions["/push/main"]!
func base64URL(_ text: String) -> [UInt8] {
    var text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    return [UInt8](Data(base64Encoded: text)!)
}
let point = base64URL(keys.p256dh)
let auth = base64URL(keys.auth)
let plaintext = [UInt8](repeating: 0x61, count: 300)
let encryption = try await timed(count) { _ = try WebPushEncryption.encrypt(plaintext, p256dh: point, auth: auth) }
let vapid = try await timed(count) {
    _ = try VAPIDToken(audience: "https://localhost", subject: "mailto:bench@localhost", expiresAt: Date() + 3600)
        .authorization(signedWith: push.vapidKey)
}
let resolver = await timed(count) {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            var list: UnsafeMutablePointer<addrinfo>?
            if getaddrinfo("localhost", "443", nil, &list) == 0 { freeaddrinfo(list) }
            done.resume()
        }
    }
}
let steps = String(
    format: "push minus /ws, per request: p50 %.2f ms, p99 %.2f ms; its steps alone: getaddrinfo(localhost) on a new "
        + "thread p50 %.3f ms, p99 %.3f ms; encryption (RFC 8291) p50 %.3f ms, p99 %.3f ms; VAPID ES256 token "
        + "p50 %.3f ms, p99 %.3f ms\n",
    percentile(added, 0.5), percentile(added, 0.99), resolver.0, resolver.1, encryption.0, encryption.1, vapid.0,
    vapid.1)
FileHandle.standardOutput.write(Data(steps.utf8))
socket.cancel()
await running.stop()
