import CompanionPaths
import Foundation

/// A named set of credentials (`--profile`, `COMPANION_PROFILE`), so several companions can share one
/// keyring or one machine.
public struct VaultProfile: Sendable, Hashable, CustomStringConvertible {
    /// The profile used when none is given.
    public static let defaultName = "default"

    public let name: String

    /// Validates `name`: 1-64 ASCII letters, digits, `.`, `_`, `-`, starting with a letter or digit.
    public init(_ name: String) throws {
        let bytes = Array(name.utf8)
        func allowed(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
        }
        guard (1...64).contains(bytes.count), allowed(bytes[0]),
            bytes.allSatisfy({ allowed($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D })
        else { throw VaultError.invalidProfile(name) }
        self.name = name
    }

    public var description: String { name }

    /// `$XDG_DATA_HOME/companionkit/<profile>` (default `~/.local/share/companionkit/<profile>`): the file vault.
    public var dataDirectory: URL { CompanionDirectories().applicationDirectory(.data).appendingPathComponent(name) }

    /// `$XDG_STATE_HOME/companionkit/<profile>` (default `~/.local/state/companionkit/<profile>`): non-secret
    /// bookkeeping such as when each item was last used.
    public var stateDirectory: URL {
        CompanionDirectories().applicationDirectory(.state).appendingPathComponent(name)
    }

    /// `$XDG_RUNTIME_DIR/companionkit/<profile>` (the per-user runtime directory, `/run/user/<uid>` on systemd
    /// systems), else the ``stateDirectory`` when `XDG_RUNTIME_DIR` is unset: lock files that live no longer
    /// than the user's session.
    public var runtimeDirectory: URL {
        CompanionDirectories().runtimeApplicationDirectory?.appendingPathComponent(name) ?? stateDirectory
    }
}

/// Item names: short ASCII identifiers (`identity`, `sidecar-url`), checked by every backend before the name
/// reaches its store.
public enum VaultItemName {
    /// Throws ``VaultError/invalidItemName(_:)`` unless `name` is 1-128 printable ASCII characters without spaces.
    public static func validate(_ name: String) throws {
        let bytes = Array(name.utf8)
        guard (1...128).contains(bytes.count), bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw VaultError.invalidItemName(name)
        }
    }
}
