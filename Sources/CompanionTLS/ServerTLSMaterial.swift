import CompanionAPI
import CompanionCrypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate chain and its private key, ready to serve: the sidecar's self-signed certificate or the PEM files
/// the user brought (`--tls-cert`, `--tls-key`).
///
/// The private key is held as ``SecureBytes`` (zeroed on release) until the TLS context is made from it; the
/// context (BoringSSL) then holds its own copy in memory. Nothing here writes the key anywhere.
public struct ServerTLSMaterial: Sendable {
    /// The chain presented, leaf first.
    public let certificateChain: [Certificate]
    /// The pin of the leaf's key, the one companions store.
    public let pin: TLSPin
    private let key: SecureBytes
    private let keyFormat: NIOSSLSerializationFormats

    /// The self-signed certificate of `key` for `names` (``SelfSignedCertificate``).
    /// With `kept`, the certificate of an earlier run is served again when it still fits (``IssuedCertificateFile``).
    public static func selfSigned(
        key: TLSServerKey, names: [String], kept: IssuedCertificateFile? = nil, now: Date = Date()
    ) throws -> ServerTLSMaterial {
        let certificate =
            try kept?.certificate(key: key, names: names, now: now)
            ?? SelfSignedCertificate.issue(key: key, names: names, now: now)
        var der = key.pkcs8DER
        defer { der.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        return ServerTLSMaterial(
            certificateChain: [certificate], pin: key.pin, key: SecureBytes(der), keyFormat: .der)
    }

    /// The PEM certificate chain (leaf first) and PEM private key in these files, checked to belong together.
    public static func files(certificate: URL, key: URL) throws(TLSMaterialError) -> ServerTLSMaterial {
        let chain = try Self.certificates(in: certificate)
        var keyBytes = try Self.read(key)
        defer { keyBytes.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        let privateKey: Certificate.PrivateKey
        do {
            let document = try PEMDocument(pemString: String(decoding: keyBytes, as: UTF8.self))
            privateKey = try Certificate.PrivateKey(pemDocument: document)
        } catch { throw .notAPrivateKey(path: key.path) }
        guard privateKey.publicKey == chain[0].publicKey else {
            throw .keyDoesNotMatchCertificate(certificate: certificate.path, key: key.path)
        }
        return ServerTLSMaterial(
            certificateChain: chain, pin: TLSPin(certificate: chain[0]), key: SecureBytes(keyBytes),
            keyFormat: .pem)
    }

    /// The leaf certificate, DER-encoded.
    public var leafDER: [UInt8] {
        var serializer = DER.Serializer()
        // Serializing a parsed or generated certificate cannot fail: it writes what it already holds.
        try! serializer.serialize(certificateChain[0])
        return serializer.serializedBytes
    }

    /// The leaf's `notValidAfter`.
    public var expiresAt: Date { certificateChain[0].notValidAfter }

    /// A server TLS context: TLS 1.2 at least (1.3 preferred: BoringSSL picks the highest both speak), ECDHE with
    /// AEAD ciphers only for 1.2 (1.3's suites are all AEAD), no renegotiation (BoringSSL servers never
    /// renegotiate), HTTP/1.1 offered by ALPN.
    public func makeContext() throws(TLSMaterialError) -> NIOSSLContext {
        do {
            let chain = try certificateChain.map { certificate in
                var serializer = DER.Serializer()
                try serializer.serialize(certificate)
                return NIOSSLCertificateSource.certificate(
                    try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der))
            }
            var bytes = key.withUnsafeBytes { [UInt8]($0) }
            defer { bytes.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
            let privateKey = try NIOSSLPrivateKey(bytes: bytes, format: keyFormat)
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain, privateKey: .privateKey(privateKey))
            configuration.minimumTLSVersion = .tlsv12
            configuration.cipherSuites = Self.tls12CipherSuites
            configuration.renegotiationSupport = .none
            configuration.applicationProtocols = ["http/1.1"]
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw .refused("\(error)".prefix(200).description)
        }
    }

    /// TLS 1.2 cipher suites: forward secret (ECDHE) and authenticated encryption (GCM, ChaCha20-Poly1305) only.
    public static let tls12CipherSuites = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    private static func certificates(in url: URL) throws(TLSMaterialError) -> [Certificate] {
        let text = String(decoding: try read(url), as: UTF8.self)
        let chain: [Certificate]
        do {
            chain = try PEMDocument.parseMultiple(pemString: text).filter { $0.discriminator == "CERTIFICATE" }
                .map { try Certificate(pemDocument: $0) }
        } catch { throw .noCertificate(path: url.path) }
        guard !chain.isEmpty else { throw .noCertificate(path: url.path) }
        return chain
    }

    private static func read(_ url: URL) throws(TLSMaterialError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "missing or not readable"
            throw .unreadable(path: url.path, reason: reason)
        }
    }
}
