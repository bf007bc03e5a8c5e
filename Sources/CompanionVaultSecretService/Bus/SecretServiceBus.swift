import CompanionCrypto

/// The Secret Service's read calls spoken directly over D-Bus, on the calling thread: `OpenSession` with the
/// encrypted transfer (``TransferSession``), `SearchItems` for any number of attribute sets in one batch, and
/// `GetSecrets` for the paths found. Three round trips for a read where libsecret makes twelve calls and hands each
/// to a worker thread (docs/startup.md). Everything else (writes, metadata, unlocking, the audit) stays with
/// libsecret.
final class SecretServiceBus {
    static let service = "org.freedesktop.secrets"
    static let servicePath = "/org/freedesktop/secrets"
    static let serviceInterface = "org.freedesktop.Secret.Service"
    /// libsecret's default for a synchronous call, GDBus's 25 seconds.
    static let timeout = Duration.seconds(25)

    let connection: DBusConnection
    private let transfer: TransferSession
    private let sessionPath: String
    /// The unique bus name of the service that opened the session: every later answer must come from it.
    let peer: String

    private init(connection: DBusConnection, transfer: TransferSession, sessionPath: String, peer: String) {
        self.connection = connection
        self.transfer = transfer
        self.sessionPath = sessionPath
        self.peer = peer
    }

    /// Connects and opens an encrypted transfer session; nil when the service does not offer that algorithm (the
    /// caller then reads through libsecret).
    ///
    /// `OpenSession` is never this connection's first call to the service. gnome-keyring (42 to 50 at least) keeps a
    /// record per caller, made by an idle callback that its message filter queues on the worker thread ahead of each
    /// call; GLib can still dispatch the call first (a higher-priority source added while the main loop is in its
    /// check phase waits for the next iteration), and `OpenSession` without the record aborts the whole daemon
    /// (`gkd_secret_service_get_pkcs11_session: assertion 'client' failed`, then `g_variant_new` with NULL). A
    /// client that opens the session first, as this one did, crashed a private daemon about once in 300 reads
    /// (docs/vault.md). So the first call is `ReadAlias`, which answers "/" rather than crashing when the record is
    /// missing, and it is answered before `OpenSession` is sent: by then the record's callback has run, or is the
    /// highest-priority source of the next iteration, ahead of `OpenSession`. Our key pair for the transfer session
    /// (libgcrypt's start, its random generator's seeding, one exponentiation) is made while that first call, with
    /// the connection's authentication and `Hello`, travels.
    static func open(environment: [String: String]) throws(SecretServiceBusError) -> SecretServiceBus? {
        let connection = try DBusConnection.session(environment: environment, timeout: timeout)
        let (_, transfer) = try connection.call(
            [call("ReadAlias", [.string("default")])],
            meanwhile: { () throws(SecretServiceBusError) in try TransferSession() })
        let reply = try connection.call([
            call("OpenSession", [.string(TransferSession.algorithm), .variant(.bytes(transfer.publicKey))])
        ])[0]
        if reply.kind == .error, reply.errorName?.hasSuffix(".NotSupported") == true { return nil }
        try check(reply, from: nil, signature: "vo")
        guard let serviceKey = reply.body[0].unwrapped.byteArray,
            case .objectPath(let session) = reply.body[1], let sender = reply.sender
        else { throw .unexpectedReply("OpenSession answered (\(reply.body[0].unwrapped.signature)o)") }
        try transfer.agree(withServiceKey: serviceKey)
        return SecretServiceBus(connection: connection, transfer: transfer, sessionPath: session, peer: sender)
    }

    /// For each attribute set, the object paths of its unlocked and its locked items (all searches in one batch).
    func search(_ queries: [[String: String]]) throws(SecretServiceBusError) -> [(unlocked: [String], locked: [String])]
    {
        guard !queries.isEmpty else { return [] }
        let replies = try connection.call(queries.map { Self.call("SearchItems", [.stringDictionary($0)]) })
        var results: [(unlocked: [String], locked: [String])] = []
        for reply in replies {
            try Self.check(reply, from: peer, signature: "aoao")
            guard let unlocked = reply.body[0].elements, let locked = reply.body[1].elements else {
                throw .unexpectedReply("SearchItems answered \(Self.signature(of: reply))")
            }
            results.append((unlocked.compactMap(\.text), locked.compactMap(\.text)))
        }
        return results
    }

    /// The secrets at `paths` (one `GetSecrets`), by path; items the service no longer has, or that are locked,
    /// are left out, as the service leaves them out.
    func secrets(_ paths: [String]) throws(SecretServiceBusError) -> [String: SecureBytes] {
        guard !paths.isEmpty else { return [:] }
        return try decodeSecrets(try connection.call([getSecrets(paths)])[0], paths: paths)
    }

    /// The `GetSecrets` call for `paths` on this session.
    func getSecrets(_ paths: [String]) -> DBusConnection.Call {
        Self.call("GetSecrets", [.array(element: "o", paths.map(DBusValue.objectPath)), .objectPath(sessionPath)])
    }

    /// The secrets of a `GetSecrets` answer, decrypted, by path (only the paths asked for).
    func decodeSecrets(_ reply: DBusMessage, paths: [String]) throws(SecretServiceBusError) -> [String: SecureBytes] {
        try Self.check(reply, from: peer, signature: "a{o(oayays)}")
        guard let entries = reply.body[0].elements else {
            throw .unexpectedReply("GetSecrets answered \(Self.signature(of: reply))")
        }
        var found: [String: SecureBytes] = [:]
        for case .dictEntry(.objectPath(let path), .structure(let secret)) in entries where paths.contains(path) {
            guard secret.count == 4, secret[0].text == sessionPath, let iv = secret[1].byteArray,
                let value = secret[2].byteArray
            else { throw .unexpectedReply("a secret arrived for another session or in another shape") }
            found[path] = try transfer.decrypt(value, iv: iv)
        }
        return found
    }

    static func call(_ member: String, _ arguments: [DBusValue]) -> DBusConnection.Call {
        .init(
            destination: service, path: servicePath, interface: serviceInterface, member: member,
            arguments: arguments)
    }

    /// Throws the service's error, or when the answer came from another peer than `peer` or its body's signature
    /// is not `signature`.
    static func check(_ reply: DBusMessage, from peer: String?, signature: String) throws(SecretServiceBusError) {
        if reply.kind == .error {
            throw .remote(name: reply.errorName ?? "unknown", message: reply.body.first?.text ?? "")
        }
        if let peer, reply.sender != peer { throw .unexpectedReply("an answer came from another peer on the bus") }
        guard reply.body.map(\.signature).joined() == signature else {
            throw .unexpectedReply("\(reply.member ?? "a call") answered \(Self.signature(of: reply))")
        }
    }

    static func signature(of reply: DBusMessage) -> String {
        "(" + reply.body.map(\.signature).joined() + ")"
    }
}
