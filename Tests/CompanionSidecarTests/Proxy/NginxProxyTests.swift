import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 2 with a real reverse proxy: nginx on the same host, in front of the sidecar, listening on a
/// Unix socket of the test's own (its LAN side), forwarding to the sidecar on loopback. A client of the proxy is
/// not the workstation: `pairing/start` and `pairing/last` through it are refused, whichever of the two usual
/// configurations it has. Runs where nginx is installed (`apt-get install nginx-light`).
@Suite(.enabled(if: NginxProxy.binary != nil)) struct NginxProxyTests {
    /// nginx's `proxy_pass` and nothing else: no forwarding header, HTTP/1.0 and `Connection: close` upstream.
    @Test func bareProxyPassIsRefused() async throws {
        try await throughNginx(directives: "") { proxy in
            let start = try await proxy.request("POST", "/companion/pairing/start")
            #expect(start.status == 403, "\(start.body)")
            #expect(start.body.contains("Connection: close"))
            #expect(try await proxy.request("GET", "/companion/pairing/last").status == 403)
            // The proxy works: an open route answers through it.
            #expect(try await proxy.request("GET", "/health").status == 200)
        }
    }

    /// The usual configuration: HTTP/1.1 with kept-alive upstream connections, the client's address and host.
    @Test func proxyWithForwardingHeadersIsRefused() async throws {
        let directives = """
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            """
        try await throughNginx(directives: directives) { proxy in
            let start = try await proxy.request("POST", "/companion/pairing/start")
            #expect(start.status == 403, "\(start.body)")
            #expect(start.body.contains("proxy"))
            #expect(
                try await proxy.request("POST", "/companion/pairing/cancel", #"{"pairingToken":"t"}"#).status == 403)
            #expect(try await proxy.request("GET", "/companion/pairing/last").status == 403)
            #expect(try await proxy.request("GET", "/health").status == 200)
        }
    }

    private func throughNginx(directives: String, _ body: (NginxProxy) async throws -> Void) async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { _, running in
            let proxy = try await NginxProxy.start(upstreamPort: running.port, directives: directives)
            defer { proxy.stop() }
            try await body(proxy)
        }
    }
}

/// nginx in the foreground (`master_process off`), with its prefix, logs and socket in a temporary directory.
struct NginxProxy {
    static var binary: String? {
        ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let directory: URL
    let process: RunningProcess
    var socket: String { directory.appendingPathComponent("proxy.sock").path }

    static func start(upstreamPort: Int, directives: String) async throws -> NginxProxy {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = """
            daemon off;
            master_process off;
            pid \(directory.path)/nginx.pid;
            error_log \(directory.path)/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(directory.path)/body;
                proxy_temp_path \(directory.path)/proxy;
                fastcgi_temp_path \(directory.path)/fastcgi;
                uwsgi_temp_path \(directory.path)/uwsgi;
                scgi_temp_path \(directory.path)/scgi;
                server {
                    listen unix:\(directory.path)/proxy.sock;
                    location / {
                        proxy_pass http://127.0.0.1:\(upstreamPort);
                        \(directives)
                    }
                }
            }
            """
        try config.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let process = try ProcessRunner.spawn(
            binary!, ["-p", directory.path, "-c", directory.appendingPathComponent("nginx.conf").path],
            stderr: .discard)
        let proxy = NginxProxy(directory: directory, process: process)
        let deadline = Date().addingTimeInterval(TestDeadline.seconds)
        while !FileManager.default.fileExists(atPath: proxy.socket) {
            guard process.isRunning, Date() < deadline else {
                let log =
                    (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                proxy.stop()
                throw NginxStartError(log: log)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return proxy
    }

    /// A request to the proxy, as a client on its far side would make it.
    func request(_ method: String, _ path: String, _ body: String? = nil) async throws -> (status: Int, body: String) {
        var arguments = ["--unix-socket", socket, "-X", method, "http://workstation.lan\(path)"]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data", body] }
        return try await curl(arguments)
    }

    /// Stops nginx; its directory goes once it has ended (on a thread of its own: a `defer` calls this).
    func stop() {
        process.kill(SIGTERM)
        let (process, directory) = (process, directory)
        Thread.detachNewThread {
            _ = try? process.finishBlocking(timeout: 10)
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

struct NginxStartError: Error, CustomStringConvertible {
    let log: String
    var description: String { "nginx did not start: \(log.suffix(2000))" }
}
