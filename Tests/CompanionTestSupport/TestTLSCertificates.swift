import Foundation

/// TLS certificates made by `openssl` for a test, in a directory the test owns: P-256 keys, self-signed
/// certificates (a sidecar's own) and a test certificate authority with the certificates it issues (for 127.0.0.1
/// unless told another address), and a trust bundle holding that CA only (a "system trust store" the test points
/// the companion at).
public struct TestTLSCertificates: Sendable {
    /// The directory holding the files.
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    /// A certificate file and its key file.
    public struct Identity: Sendable {
        public let certificate: String
        public let key: String
        /// The certificate, DER-encoded.
        public let der: [UInt8]
    }

    /// A self-signed certificate for `name` and `address` with a new P-256 key (the shape of a sidecar's own).
    public func selfSigned(_ name: String, address: String = "127.0.0.1") async throws -> Identity {
        let key = path("\(name)-key.pem")
        let certificate = path("\(name).pem")
        try await openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
            "-out", certificate, "-days", "2", "-subj", "/CN=\(name)", "-addext", "subjectAltName=IP:\(address)",
        ])
        return try await identity(certificate: certificate, key: key)
    }

    /// Another self-signed certificate for `identity`'s key (a sidecar issuing its certificate again, the pin kept).
    public func reissued(_ identity: Identity, as name: String) async throws -> Identity {
        let certificate = path("\(name).pem")
        try await openssl([
            "req", "-x509", "-key", identity.key, "-out", certificate, "-days", "2", "-subj", "/CN=\(name)",
            "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        return try await self.identity(certificate: certificate, key: identity.key)
    }

    /// The test CA (made on first use), as a PEM file: also the trust bundle to point the companion at.
    public func authority() async throws -> Identity {
        let certificate = path("ca.pem")
        let key = path("ca-key.pem")
        if !FileManager.default.fileExists(atPath: certificate) {
            try await openssl([
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", certificate, "-days", "2", "-subj", "/CN=CompanionKit test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
            ])
        }
        return try await identity(certificate: certificate, key: key)
    }

    /// A certificate for `address` issued by the test CA, with a new P-256 key.
    public func issued(_ name: String, address: String = "127.0.0.1") async throws -> Identity {
        let ca = try await authority()
        let key = path("\(name)-key.pem")
        let request = path("\(name).csr")
        let certificate = path("\(name).pem")
        let extensions = path("\(name).ext")
        try Data("subjectAltName=IP:\(address)\nbasicConstraints=CA:FALSE\n".utf8).write(
            to: URL(fileURLWithPath: extensions))
        try await openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
            "-out", request, "-subj", "/CN=\(name)",
        ])
        try await openssl([
            "x509", "-req", "-in", request, "-CA", ca.certificate, "-CAkey", ca.key, "-CAcreateserial",
            "-out", certificate, "-days", "2", "-extfile", extensions,
        ])
        return try await identity(certificate: certificate, key: key)
    }

    /// A certificate for `address` that the test CA issued for `genuine`'s PUBLIC key (openssl's `-force_pubkey`):
    /// what anyone can get from a CA that does not check key possession. Served with `genuine`'s key, so that a TLS
    /// stack accepts it (the companion's capturing handshake reads it before any proof of the key).
    public func forged(carrying genuine: Identity, as name: String, address: String = "127.0.0.1") async throws
        -> Identity
    {
        let ca = try await authority()
        let publicKey = path("\(name)-pub.pem")
        let request = path("\(name).csr")
        let certificate = path("\(name).pem")
        let extensions = path("\(name).ext")
        try Data("subjectAltName=IP:\(address)\nbasicConstraints=CA:FALSE\n".utf8).write(
            to: URL(fileURLWithPath: extensions))
        try await openssl(["pkey", "-in", genuine.key, "-pubout", "-out", publicKey])
        try await openssl([
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
            path("\(name)-throwaway-key.pem"), "-out", request, "-subj", "/CN=\(name)",
        ])
        try await openssl([
            "x509", "-req", "-in", request, "-CA", ca.certificate, "-CAkey", ca.key, "-CAcreateserial",
            "-force_pubkey", publicKey, "-out", certificate, "-days", "2", "-extfile", extensions,
        ])
        return try await identity(certificate: certificate, key: genuine.key)
    }

    private func identity(certificate: String, key: String) async throws -> Identity {
        let der = try await ProcessRunner.run("openssl", ["x509", "-in", certificate, "-outform", "der"])
        guard der.status == 0 else { throw OpenSSLFailure(output: der.description) }
        return Identity(certificate: certificate, key: key, der: der.stdoutBytes)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func openssl(_ arguments: [String]) async throws {
        let result = try await ProcessRunner.run("openssl", arguments)
        guard result.status == 0 else { throw OpenSSLFailure(output: result.description) }
    }

    /// An `openssl` command that failed.
    public struct OpenSSLFailure: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "openssl failed: \(output)" }
    }
}
