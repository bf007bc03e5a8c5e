import CompanionAPI
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Pairing v2 over HTTPS binds the TLS key pin into CPace's CI: the companion the pin of the certificate its
/// connection presented, the sidecar its own. An interceptor that swapped the certificate cannot make the exchange
/// succeed, whatever it does with the request's `tlsPin`: forwarded, it is refused at once (`tls_key_mismatch`, no
/// attempt charged); stripped or rewritten to the sidecar's pin, the key confirmation fails.
@Suite struct PairingV2TLSBindingTests {
    private static let sidecarPin = TLSPin(digest: [UInt8](repeating: 1, count: 32))!
    private static let interceptorPin = TLSPin(digest: [UInt8](repeating: 2, count: 32))!
    /// The certificate the sidecar serves, and another one carrying its key (issued by someone else).
    private static let servedCertificate: [UInt8] = Array("the sidecar's certificate".utf8)
    private static let forgedCertificate: [UInt8] = Array("a CA's certificate for the sidecar's key".utf8)

    /// One exchange: the companion binds `bound` and tells the sidecar `sent`; true when the sidecar's
    /// confirmation verifies for the companion.
    private static func exchange(
        bound: TLSPin?, sent: TLSPin?, sidecarPin: TLSPin? = sidecarPin, boundCertificate: [UInt8]? = nil,
        sentCertificate: [UInt8]? = nil
    ) async throws -> Bool {
        let directory = try TestPaths.temporaryDirectory("v2-tls-binding")
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = PairingManager(
            policy: PairingPolicy(), registry: try Registry(directory: directory), baseURL: "https://192.0.2.1:7878",
            hostName: "ws", identity: .generate(), tlsPin: sidecarPin, tlsCertificate: servedCertificate)
        // The longest pairing the policy allows: in a loaded run of the whole suite more than 60 s passed between
        // start and exchange (the cooperative pool starved), and the code had rightly expired (410).
        let start = try await manager.start(ttlSeconds: 600, peer: nil)
        let offer = try await manager.offer()
        let device = Ed25519KeyPair.generate()
        let sid = try #require(Base64URL.decode(offer.pairingId))
        let ci = PairingProtocolV2.channelIdentifier(
            deviceKey: device.publicKey, sidecarKey: try Ed25519PublicKey(base64: offer.sidecarPublicKey),
            tlsPin: bound, tlsCertificateDigest: boundCertificate.map(PairingProtocolV2.certificateDigest(der:)))
        let party = CPaceParty(
            role: .initiator, prs: PairingProtocolV2.passwordString(code: start.code), ci: ci, sid: sid)
        let answer = try await manager.exchange(
            pairingID: offer.pairingId, deviceName: "laptop", devicePublicKey: device.publicKey, share: party.share,
            seenTLSPin: sent, seenTLSCertificate: sentCertificate.map(PairingProtocolV2.certificateDigest(der:)),
            peer: nil)
        let keys = try party.finish(
            ownAssociatedData: PairingProtocolV2.deviceAssociatedData(deviceName: "laptop"),
            peerShare: try #require(Base64URL.decode(answer.share)),
            peerAssociatedData: try #require(Base64URL.decode(answer.sidecarSignature)))
        return (try? keys.verify(peerConfirmation: try #require(Base64URL.decode(answer.confirmation)))) != nil
    }

    @Test func theSidecarsOwnPinOnBothSidesConfirms() async throws {
        #expect(try await Self.exchange(bound: Self.sidecarPin, sent: Self.sidecarPin))
        // Plain HTTP (loopback) and companions older than TLS bind nothing, on both sides.
        #expect(try await Self.exchange(bound: nil, sent: nil))
    }

    @Test func anInterceptorsPinForwardedIsRefusedAtOnce() async throws {
        await #expect {
            _ = try await Self.exchange(bound: Self.interceptorPin, sent: Self.interceptorPin)
        } throws: { error in
            (error as? SidecarError)?.code == .tlsKeyMismatch
        }
        await #expect {
            _ = try await Self.exchange(bound: Self.sidecarPin, sent: Self.sidecarPin, sidecarPin: nil)
        } throws: { error in
            (error as? SidecarError)?.code == .tlsKeyMismatch
        }
    }

    @Test func anInterceptorThatStripsOrRewritesThePinFailsTheConfirmation() async throws {
        #expect(try await Self.exchange(bound: Self.interceptorPin, sent: nil) == false)
        #expect(try await Self.exchange(bound: Self.interceptorPin, sent: Self.sidecarPin) == false)
    }

    @Test func thePinChangesTheChannelIdentifierUnderItsOwnLabel() throws {
        let device = Ed25519KeyPair.generate().publicKey
        let sidecar = Ed25519KeyPair.generate().publicKey
        let plain = PairingProtocolV2.channelIdentifier(deviceKey: device, sidecarKey: sidecar)
        let bound = PairingProtocolV2.channelIdentifier(deviceKey: device, sidecarKey: sidecar, tlsPin: Self.sidecarPin)
        let other = PairingProtocolV2.channelIdentifier(
            deviceKey: device, sidecarKey: sidecar, tlsPin: Self.interceptorPin)
        #expect(plain != bound && bound != other)
        #expect(
            bound
                == CPaceEncoding.lvCat(
                    Array("companionkit-pairing-v2-tls".utf8), device.rawBytes, sidecar.rawBytes, Self.sidecarPin.digest
                ))
    }

    @Test func theServedCertificateOnBothSidesConfirms() async throws {
        #expect(
            try await Self.exchange(
                bound: Self.sidecarPin, sent: Self.sidecarPin, boundCertificate: Self.servedCertificate,
                sentCertificate: Self.servedCertificate))
    }

    /// The sidecar's key in a certificate someone else issued: forwarded, refused at once; stripped or rewritten to
    /// the served certificate's digest, the key confirmation fails.
    @Test func theSidecarsKeyInAnotherCertificateCannotPair() async throws {
        await #expect {
            _ = try await Self.exchange(
                bound: Self.sidecarPin, sent: Self.sidecarPin, boundCertificate: Self.forgedCertificate,
                sentCertificate: Self.forgedCertificate)
        } throws: { error in
            (error as? SidecarError)?.code == .tlsKeyMismatch
        }
        #expect(
            try await Self.exchange(
                bound: Self.sidecarPin, sent: Self.sidecarPin, boundCertificate: Self.forgedCertificate) == false)
        #expect(
            try await Self.exchange(
                bound: Self.sidecarPin, sent: Self.sidecarPin, boundCertificate: Self.forgedCertificate,
                sentCertificate: Self.servedCertificate) == false)
    }

    @Test func theCertificateChangesTheChannelIdentifierUnderItsOwnLabel() throws {
        let device = Ed25519KeyPair.generate().publicKey
        let sidecar = Ed25519KeyPair.generate().publicKey
        let digest = PairingProtocolV2.certificateDigest(der: Self.servedCertificate)
        let pinned = PairingProtocolV2.channelIdentifier(
            deviceKey: device, sidecarKey: sidecar, tlsPin: Self.sidecarPin)
        let whole = PairingProtocolV2.channelIdentifier(
            deviceKey: device, sidecarKey: sidecar, tlsPin: Self.sidecarPin, tlsCertificateDigest: digest)
        #expect(pinned != whole && digest == SHA256.hash(Self.servedCertificate))
        #expect(
            whole
                == CPaceEncoding.lvCat(
                    Array("companionkit-pairing-v2-tls-cert".utf8), device.rawBytes, sidecar.rawBytes,
                    Self.sidecarPin.digest, digest))
    }
}
