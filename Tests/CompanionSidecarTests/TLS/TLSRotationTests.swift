import CompanionAPI
import CompanionSidecar
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar tls rotate`'s sidecar side: the owner announces the next key over the owner socket, the pins
/// are answered with it until the switch, and at the switch new connections get the new key (curl pins it).
@Suite struct TLSRotationTests {
    @Test func anAnnouncedKeyIsNamedUntilItsTimeThenServed() async throws {
        let directory = try TestPaths.temporaryDirectory("tls-rotation")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = TLSServerKey.generate()
        var configuration = SidecarConfiguration(
            host: "0.0.0.0", port: 0, dataDirectory: directory.appendingPathComponent("data"), hostName: "ws")
        configuration.tls = .selfSigned(first)
        configuration.advertise = false
        let sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
        let running = try await sidecar.start()
        defer { Task { await running.stop() } }
        let url = "https://127.0.0.1:\(running.port)/health"
        func served(_ pin: TLSPin) async throws -> Bool {
            let result = try await ProcessRunner.run(
                "curl",
                [
                    "-s", "-k", "--max-time", String(Int(TestDeadline.seconds)), "--pinnedpubkey", pin.description,
                    "-o", "/dev/null", url,
                ])
            return result.status == 0
        }
        #expect(running.address.tlsPin == first.pin && running.address.localURL.hasPrefix("https://"))
        #expect(try await served(first.pin))
        let owner = OwnerControl(dataDirectory: configuration.dataDirectory, timeout: TestDeadline.seconds)
        #expect(try await owner.tlsStatus() == TLSStatusResponse(current: first.pin))

        // Announced an hour ahead, so "until the switch" holds however slowly a loaded machine runs curl (a switch
        // 2 s ahead had passed before curl connected at load 29); then announced again as due now.
        let next = TLSServerKey.generate()
        let switchAt = Timestamp.truncated(Date().addingTimeInterval(3600))
        let announced = try await owner.announceTLSRotation(TLSRotation(next: next, switchAt: switchAt))
        #expect(announced == TLSStatusResponse(current: first.pin, next: next.pin, switchAt: switchAt))
        #expect(try await served(first.pin), "the current key is served until the switch")
        _ = try await owner.announceTLSRotation(TLSRotation(next: next, switchAt: Timestamp.truncated(Date())))
        let deadline = Date().addingTimeInterval(TestDeadline.seconds)
        while Date() < deadline, try await owner.tlsStatus()?.current != next.pin {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(try await owner.tlsStatus() == TLSStatusResponse(current: next.pin))
        #expect(try await served(next.pin))
        #expect(!(try await served(first.pin)))
        await running.stop()
    }

    @Test func theUsersOwnCertificateIsNotRotated() async throws {
        let directory = try TestPaths.temporaryDirectory("tls-rotation-files")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cert = directory.appendingPathComponent("c.pem").path
        let key = directory.appendingPathComponent("k.pem").path
        let made = try await ProcessRunner.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", cert, "-days", "1", "-subj", "/CN=user",
            ])
        #expect(made.status == 0)
        var configuration = SidecarConfiguration(
            host: "0.0.0.0", port: 0, dataDirectory: directory.appendingPathComponent("data"), hostName: "ws")
        configuration.tls = .files(certificate: URL(fileURLWithPath: cert), key: URL(fileURLWithPath: key))
        configuration.advertise = false
        let sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
        let running = try await sidecar.start()
        let owner = OwnerControl(dataDirectory: configuration.dataDirectory, timeout: TestDeadline.seconds)
        do {
            _ = try await owner.announceTLSRotation(TLSRotation(next: .generate(), switchAt: Date()))
            Issue.record("a rotation of the user's certificate was accepted")
        } catch {
            #expect("\(error)".contains("--tls-cert"), "\(error)")
        }
        await running.stop()
    }
}
