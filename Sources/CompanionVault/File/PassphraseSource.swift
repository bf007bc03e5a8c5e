import CompanionCrypto
import Foundation

/// Where the file vault's passphrase comes from.
public struct PassphraseSource: Sendable {
    /// The environment variable read for automation.
    public static let environmentVariable = "COMPANION_VAULT_PASSPHRASE"
    /// The environment variable naming a file that holds the passphrase (services: a systemd credential).
    public static let fileVariable = "COMPANION_VAULT_PASSPHRASE_FILE"
    /// The largest passphrase file read.
    static let maxFileBytes = 4096

    /// Returns the passphrase; `creating` is true when a new vault is about to be written (prompts ask twice).
    let obtain: @Sendable (_ creating: Bool) throws -> SecureBytes

    public init(_ obtain: @escaping @Sendable (_ creating: Bool) throws -> SecureBytes) {
        self.obtain = obtain
    }

    /// The file named by `COMPANION_VAULT_PASSPHRASE_FILE` if set, else `COMPANION_VAULT_PASSPHRASE` if set, else a
    /// prompt without echo when standard input is a terminal, else ``VaultError/passphraseUnavailable``.
    public static let standard = PassphraseSource { creating in
        if let path = ProcessInfo.processInfo.environment[fileVariable], !path.isEmpty {
            return try readFile(path, naming: "\(fileVariable)=\(path)")
        }
        if let value = ProcessInfo.processInfo.environment[environmentVariable] {
            guard !value.isEmpty else { throw VaultError.passphraseRejected("\(environmentVariable) is empty") }
            return SecureBytes(Array(value.utf8))
        }
        guard isatty(STDIN_FILENO) == 1 else { throw VaultError.passphraseUnavailable }
        let first = try prompt(creating ? "New file vault passphrase: " : "File vault passphrase: ")
        guard first.count > 0 else { throw VaultError.passphraseRejected("empty passphrase") }
        if creating {
            let second = try prompt("Repeat passphrase: ")
            guard first.constantTimeEquals(second) else { throw VaultError.passphraseRejected("the entries differ") }
        }
        return first
    }

    /// The passphrase in the file at `path` (`--passphrase-file`).
    public static func file(_ path: String) -> PassphraseSource {
        PassphraseSource { _ in try readFile(path, naming: path) }
    }

    /// Reads a passphrase file: its first line (one trailing newline removed), which must not be empty. The file
    /// must be the user's and readable by nobody else, as `ssh` asks of its keys.
    static func readFile(_ path: String, naming name: String) throws -> SecureBytes {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            throw VaultError.passphraseFile(
                "the passphrase file \(name) cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw VaultError.passphraseFile("the passphrase file \(name) is not a regular file")
        }
        guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
            throw VaultError.passphraseFile(
                "the passphrase file \(name) must be yours and readable by you only (chmod 600)")
        }
        let buffer = SecureBytes(count: maxFileBytes)
        var length = 0
        while length < maxFileBytes {
            let count = buffer.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress! + length, maxFileBytes - length)
            }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            length += count
        }
        let passphrase = buffer.withUnsafeBytes { raw -> SecureBytes in
            var end = raw.prefix(length).firstIndex(of: 0x0A) ?? length
            if end > 0, raw[end - 1] == 0x0D { end -= 1 }
            return SecureBytes(copying: UnsafeRawBufferPointer(rebasing: raw.prefix(end)))
        }
        guard passphrase.count > 0 else { throw VaultError.passphraseFile("the passphrase file \(name) is empty") }
        return passphrase
    }

    /// A fixed passphrase (tests, embedding applications).
    public static func fixed(_ passphrase: String) -> PassphraseSource {
        PassphraseSource { _ in SecureBytes(Array(passphrase.utf8)) }
    }

    /// Reads one line from the terminal on standard input with echo turned off; the prompt goes to stderr.
    ///
    /// Echo is off before the prompt is written, as `readpassphrase(3)` does: a person (or a password manager) types
    /// as soon as the prompt appears, and a prompt written first left a moment in which what they typed was echoed.
    static func prompt(_ text: String) throws -> SecureBytes {
        var saved = termios()
        let canHideEcho = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHideEcho {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        defer {
            if canHideEcho { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        }
        FileHandle.standardError.write(Data(text.utf8))
        let line = SecureBytes(count: 1024)
        var length = 0
        var byte: UInt8 = 0
        while length < line.count {
            let n = read(STDIN_FILENO, &byte, 1)
            if n < 0, errno == EINTR { continue }
            if n <= 0 || byte == 0x0A || byte == 0x0D { break }
            line.withUnsafeMutableBytes { $0[length] = byte }
            length += 1
        }
        byte = 0
        return line.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
    }
}
