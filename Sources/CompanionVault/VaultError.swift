import Foundation

/// Why the Secret Service could not be used.
public enum SecretServiceProblem: String, Sendable, Equatable {
    /// No D-Bus session bus: `DBUS_SESSION_BUS_ADDRESS` unset or pointing nowhere, no X11 for autolaunch.
    case noSessionBus = "no-session-bus"
    /// The bus works but nothing provides `org.freedesktop.secrets` (no gnome-keyring, KWallet, KeePassXC).
    case noDaemon = "no-daemon"
    /// The service has no default collection (keyring) to store into.
    case noDefaultCollection = "no-default-collection"
    /// The default collection is locked and could not be unlocked without a desktop prompt.
    case locked = "locked"
}

/// Failures of a credential vault. Each has a one-line ``message`` and a ``hint`` saying what to do;
/// neither ever contains secret material.
public enum VaultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Secret Service is unreachable or unusable; `detail` is the underlying D-Bus/libsecret message.
    case secretServiceUnavailable(SecretServiceProblem, detail: String)
    /// A Secret Service call failed after connecting.
    case secretService(operation: String, detail: String)
    /// The file vault needs a passphrase but none is available (no TTY, no environment variable).
    case passphraseUnavailable
    /// The passphrase given is empty or the two entries did not match.
    case passphraseRejected(String)
    /// The passphrase file cannot be used (missing, empty, not private); the text says which and why.
    case passphraseFile(String)
    /// The derived key cannot be kept in (or taken from) the kernel keyring; the text says why.
    case keyCache(String)
    /// The file vault could not be decrypted with this passphrase.
    case wrongPassphrase(path: String)
    /// The file vault is damaged or was modified: its header or contents fail validation.
    case corruptFile(path: String, reason: String)
    /// The file vault was written by a newer CompanionKit.
    case unsupportedVersion(path: String, version: Int)
    /// A file-system operation failed.
    case io(path: String, operation: String, errno: Int32)
    /// The profile name is not usable.
    case invalidProfile(String)
    /// An item name is not usable.
    case invalidItemName(String)
    /// A stored item exists but does not hold what its kind promises (e.g. a malformed key).
    case malformedItem(name: String, reason: String)

    /// What happened, in one line.
    public var message: String {
        switch self {
        case .secretServiceUnavailable(.noSessionBus, let detail):
            "the Secret Service is unreachable: no D-Bus session bus (\(detail))"
        case .secretServiceUnavailable(.noDaemon, let detail):
            "no Secret Service is running on the session bus (no gnome-keyring or KWallet): \(detail)"
        case .secretServiceUnavailable(.noDefaultCollection, let detail):
            "the Secret Service has no default keyring to store credentials in (\(detail))"
        case .secretServiceUnavailable(.locked, let detail):
            "the default keyring is locked and cannot be unlocked without a desktop prompt (\(detail))"
        case .secretService(let operation, let detail):
            "Secret Service \(operation) failed: \(detail)"
        case .passphraseUnavailable:
            "the file vault needs a passphrase, but standard input is not a terminal and COMPANION_VAULT_PASSPHRASE is not set"
        case .passphraseRejected(let why):
            "passphrase rejected: \(why)"
        case .passphraseFile(let why):
            why
        case .keyCache(let why):
            why
        case .wrongPassphrase(let path):
            "cannot unlock the file vault \(path): wrong passphrase (the file was left unchanged)"
        case .corruptFile(let path, let reason):
            "the file vault \(path) is damaged or was modified (\(reason)); it was left unchanged"
        case .unsupportedVersion(let path, let version):
            "the file vault \(path) has format version \(version), newer than this companion understands"
        case .io(let path, let operation, let code):
            "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case .invalidProfile(let name):
            "invalid profile name \"\(name)\": use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit"
        case .invalidItemName(let name):
            "invalid item name \"\(name)\""
        case .malformedItem(let name, let reason):
            "the stored item \"\(name)\" is malformed: \(reason)"
        }
    }

    /// What to do about it.
    public var hint: String {
        switch self {
        case .secretServiceUnavailable(.noSessionBus, _):
            "run inside a desktop session (or `dbus-run-session`), or use the encrypted file vault: --vault file "
                + "(or COMPANION_VAULT=file)"
        case .secretServiceUnavailable(.noDaemon, _):
            "start gnome-keyring-daemon (apt-get install gnome-keyring) or KWallet, or use the encrypted file vault: "
                + "--vault file"
        case .secretServiceUnavailable(.noDefaultCollection, _):
            "create a default keyring (e.g. log in to a desktop session once, or `gnome-keyring-daemon --unlock`), "
                + "or use --vault file"
        case .secretServiceUnavailable(.locked, _):
            "unlock your keyring (log in to the desktop, or `echo -n PASSWORD | gnome-keyring-daemon --unlock`), "
                + "or use --vault file"
        case .secretService:
            "check that your keyring daemon is running and unlocked (`secret-tool search service companionkit`)"
        case .passphraseUnavailable:
            "run `companion keys unlock` in a terminal once (the key is then kept for a while), or pass "
                + "--passphrase-file FILE (or COMPANION_VAULT_PASSPHRASE_FILE) for services and scripts"
        case .passphraseRejected:
            "choose a non-empty passphrase and type it the same way twice"
        case .passphraseFile:
            "put the passphrase alone on the first line of a file only you can read (chmod 600), and name it with "
                + "--passphrase-file or COMPANION_VAULT_PASSPHRASE_FILE"
        case .keyCache:
            "use --passphrase-file FILE or COMPANION_VAULT_PASSPHRASE_FILE instead of `companion keys unlock`"
        case .wrongPassphrase:
            "check COMPANION_VAULT_PASSPHRASE or retype the passphrase; a forgotten passphrase cannot be recovered"
        case .corruptFile:
            "restore the file from a backup, or move it aside and run `companion keys init` to start a new vault"
        case .unsupportedVersion:
            "upgrade companion"
        case .io:
            "check the permissions and free space of the directory"
        case .invalidProfile:
            "pass e.g. --profile work (or COMPANION_PROFILE=work)"
        case .invalidItemName:
            "item names are short ASCII identifiers such as identity or sidecar-url"
        case .malformedItem:
            "remove the item (e.g. `secret-tool clear service companionkit name NAME`) and create it again"
        }
    }

    public var description: String { message }
}
