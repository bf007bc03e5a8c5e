import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation

/// The QR code of a loopback sidecar's pairing, pointed at a TLS proxy in front of it and pinning `certificate`
/// (the proxy's, made by the test), written as a PNG; the caller removes the file.
///
/// Pairing v1 (the code does not announce v2): v2 would bind the sidecar's own TLS pin into the exchange, and a
/// loopback sidecar serves no TLS key of its own.
enum ProxiedQRCode {
    static func image(
        of sidecar: SidecarProcess, through proxy: TLSProxy, pinning certificate: TestTLSCertificates.Identity
    ) async throws -> String {
        let start = try await sidecar.startPairing()
        var payload = try QRPayload.parse(start.qrPayload)
        payload.url = proxy.url
        payload.tlsPin = try TLSPin(certificateDER: certificate.der)
        payload.pairingVersion = nil
        return try await QRImages.write(try payload.jsonString(), with: .companionQR)
    }
}
