import CompanionAPI
import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

/// Discovery end to end on a LAN confined to a network namespace (``ConfinedLAN``): the real sidecar advertises
/// `_companion._tcp`, `companion discover` finds it, `companion pair code` with no URL pairs with it over v2, and a
/// fake advertiser whose fingerprint differs is refused.
@Suite(.enabled(if: ConfinedLAN.isAvailable, "needs root, ip, avahi-daemon (scripts/setup.sh)"), .serialized)
struct DiscoveryEndToEndTests {
    /// A companion inside the namespace: a file vault (the keyring's session bus is not reachable from there).
    static func companionEnvironment(_ directory: URL) -> [String: String?] {
        [
            "COMPANION_PROFILE": "netns", "COMPANION_VAULT": "file", "COMPANION_VAULT_PASSPHRASE": "netns passphrase",
            "XDG_DATA_HOME": directory.appendingPathComponent("companion").path, "NO_COLOR": "1", "LD_PRELOAD": nil,
        ]
    }

    /// `companion sidecar serve` on loopback and the namespace's LAN address (advertising itself unless
    /// `advertise` is false); returns it and its port. The LAN listener serves HTTPS, and the TXT record carries its
    /// pin (`tlspin`): the companion reaches a discovered sidecar at `https://` with that pin.
    static func serve(_ lan: ConfinedLAN, advertise: Bool = true) async throws -> (RunningProcess, Int) {
        let (sidecar, port, _) = try await announced(lan, advertise: advertise)
        return (sidecar, port)
    }

    /// `companion sidecar serve` on `host` inside the namespace (loopback and the LAN address by default), with its
    /// data in `name`; returns it, its port and its `--json` announcement (its fingerprint and TLS pin).
    static func announced(_ lan: ConfinedLAN, host: String? = nil, name: String = "sidecar", advertise: Bool = true)
        async throws -> (RunningProcess, Int, JSONValue)
    {
        let hosts = host.map { ["--host", $0] } ?? ["--host", "127.0.0.1", "--host", ConfinedLAN.address]
        let sidecar = try lan.spawn(
            [TestPaths.companionBinary.path, "sidecar", "serve"] + hosts + [
                "--port", "0", "--data-dir", lan.directory.appendingPathComponent(name).path, "--json",
                "--ephemeral-identity",
            ] + (advertise ? [] : ["--no-advertise"]))
        try await sidecar.waitForOutput(timeout: 60) { out, _ in out.contains("\n") }
        let line = sidecar.stdout.prefix { $0 != "\n" }
        let start = try JSONValue.parse(String(line))
        let port = try #require(
            start["port"]?.stringValue.flatMap(Int.init)
                ?? start["port"].flatMap { value in
                    if case .integer(let number) = value { return Int(number) }
                    return nil
                })
        return (sidecar, port, start)
    }

    /// The `_companion._tcp` services avahi-daemon knows in the namespace now, resolved (`avahi-browse -prt`: one
    /// `=;…;port;txt` line each).
    static func browse(_ lan: ConfinedLAN) async throws -> [String] {
        let result = try await lan.run(["avahi-browse", "-p", "-r", "-t", "_companion._tcp"])
        return result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("=") }
    }

    @Test func discoverThenPairByCodeWithoutAURL() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let (sidecar, port) = try await Self.serve(lan)
        defer { sidecar.kill(SIGTERM) }
        let companion = Self.companionEnvironment(lan.directory)
        let found = try await lan.run(
            [TestPaths.companionBinary.path, "discover", "--timeout", "5", "--first", "--json"], environment: companion)
        #expect(found.status == 0, "\(found)")
        guard case .array(let workstations)? = try found.json()["workstations"], let first = workstations.first else {
            Issue.record("discover found nothing: \(found)")
            return
        }
        #expect(workstations.count == 1)
        #expect(first["address"] == .string(ConfinedLAN.address))
        #expect(first["port"] == .integer(Int64(port)))
        #expect(first["pairingVersion"] == .integer(2))
        // The workstation starts a pairing (loopback inside the namespace); the companion types only the code.
        let started = try await lan.run([
            "curl", "-sf", "-X", "POST", "http://127.0.0.1:\(port)/companion/pairing/start",
        ])
        let code = try #require(try started.json()["code"]?.stringValue)
        let paired = try await lan.run(
            [TestPaths.companionBinary.path, "pair", "code", code, "--name", "netns-phone", "--json"],
            environment: companion)
        #expect(paired.status == 0, "\(paired)")
        let outcome = try paired.json()
        #expect(outcome["pairingVersion"] == .integer(2))
        #expect(outcome["sidecarURL"] == .string("https://\(ConfinedLAN.address):\(port)"))
        // `connect` without a URL checks and stores the discovered one.
        let connected = try await lan.run(
            [TestPaths.companionBinary.path, "connect", "--json"], environment: Self.companionEnvironment(lan.directory)
        )
        #expect(connected.status == 0, "\(connected)")
        #expect(try connected.json()["sidecarURL"] == .string("https://\(ConfinedLAN.address):\(port)"))
    }

    @Test func aFakeAdvertiserWithAnotherFingerprintIsRefused() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        // The real sidecar does not advertise; an impostor advertises its port and TLS pin (both public) with
        // another fingerprint.
        let (real, port, announcement) = try await Self.announced(lan, advertise: false)
        defer { real.kill(SIGTERM) }
        let pin = try #require(announcement["tlsPin"]?.stringValue)
        let fake = try lan.spawn([
            "avahi-publish", "-s", "impostor", "_companion._tcp", String(port), "pv=2", "fp=0123456789ABCDEF",
            "ws=impostor", "tlspin=\(pin)",
        ])
        defer { fake.kill(SIGTERM) }
        try await fake.waitForOutput(timeout: 20) { out, err in (out + err).contains("Established") }
        let started = try await lan.run([
            "curl", "-sf", "-X", "POST", "http://127.0.0.1:\(port)/companion/pairing/start",
        ])
        #expect(started.status == 0, "\(started)")
        let code = try #require(try started.json()["code"]?.stringValue)
        let companion = Self.companionEnvironment(lan.directory)
        let paired = try await lan.run(
            [TestPaths.companionBinary.path, "pair", "code", code, "--json"], environment: companion)
        #expect(paired.status == 11, "\(paired)")
        #expect(paired.stdout.contains("not the one discovery announced"), "\(paired)")
        // Refused before the exchange: no attempt was used.
        let offer = try await lan.run(["curl", "-sf", "http://127.0.0.1:\(port)/companion/pairing/v2/offer"])
        #expect(try offer.json()["attemptsLeft"] == .integer(5), "\(offer)")
    }

    /// The TXT record says what the sidecar is (`fp` its fingerprint's first 64 bits, `ws` the workstation name of its
    /// QR code), and the record goes when the sidecar stops (SIGTERM).
    @Test func theRecordCarriesTheSidecarsFingerprintAndNameAndIsWithdrawnOnSIGTERM() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let (sidecar, port, announcement) = try await Self.announced(lan)
        defer { sidecar.kill(SIGKILL) }
        let companion = Self.companionEnvironment(lan.directory)
        let found = try await lan.run(
            [TestPaths.companionBinary.path, "discover", "--timeout", "5", "--first", "--json"], environment: companion)
        guard case .array(let workstations)? = try found.json()["workstations"], let record = workstations.first else {
            Issue.record("discover found nothing: \(found)")
            return
        }
        let announced = try #require(announcement["fingerprint"]?.stringValue)
        let fingerprint = try #require(Fingerprint(parsing: announced))
        #expect(record["shortFingerprint"]?.stringValue == fingerprint.short.replacingOccurrences(of: " ", with: ""))
        let started = try await lan.run([
            "curl", "-sf", "-X", "POST", "http://127.0.0.1:\(port)/companion/pairing/start",
        ])
        let qrPayload = try #require(try started.json()["qrPayload"]?.stringValue)
        let payload = try QRPayload.parse(qrPayload)
        #expect(record["workstation"]?.stringValue == String(payload.name.prefix(60)), "\(record) \(payload.name)")
        #expect(payload.pairingVersion == 2 && payload.fingerprint == fingerprint.description)
        #expect(try await Self.browse(lan).contains { $0.contains(";\(port);") })

        // A browser that stays, to see the removal event ("-;…" in avahi-browse's parsable output).
        let watcher = try lan.spawn(["avahi-browse", "-p", "_companion._tcp"])
        defer { watcher.kill(SIGTERM) }
        try await watcher.waitForOutput(timeout: 20) { out, _ in out.contains("+;") }
        sidecar.kill(SIGTERM)
        _ = try await sidecar.finish(timeout: 30)
        try await watcher.waitForOutput(timeout: 20) { out, _ in
            out.split(separator: "\n").contains { $0.hasPrefix("-;") && $0.contains("_companion._tcp") }
        }
        let left = try await Self.browse(lan)
        #expect(!left.contains { $0.contains(";\(port);") }, "still advertised after SIGTERM: \(left)")
    }
}
