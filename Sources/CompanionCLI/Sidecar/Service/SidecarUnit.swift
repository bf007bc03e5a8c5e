import Foundation

/// The systemd user unit that runs `companion sidecar serve` as a service, with no desktop session needed.
///
/// The vault is the encrypted file vault; its passphrase reaches the sidecar as a systemd credential
/// (`LoadCredential=` from a 0600 file, or `LoadCredentialEncrypted=` from a file `systemd-creds encrypt` wrote),
/// whose path is given in `COMPANION_VAULT_PASSPHRASE_FILE`, so the passphrase is never in the unit, the
/// environment or the process list.
package struct SidecarUnit: Sendable, Equatable {
    /// The unit's file name.
    package static let fileName = "companion-sidecar.service"
    /// The credential name the passphrase is loaded under (`%d/<name>` inside the service).
    package static let passphraseCredential = "vault-passphrase"

    /// How the passphrase file is handed to systemd.
    package enum PassphraseFile: Sendable, Equatable {
        /// A plain 0600 file (`LoadCredential=`).
        case plain(String)
        /// A file written by `systemd-creds encrypt` (`LoadCredentialEncrypted=`).
        case encrypted(String)
    }

    /// Absolute path of the `companion` executable.
    package var executable: String
    /// Arguments after `companion sidecar serve`.
    package var serveArguments: [String]
    /// The vault profile the sidecar's identity key is read from.
    package var profile: String?
    /// Where the vault passphrase comes from; nil when the vault needs none (Secret Service).
    package var passphrase: PassphraseFile?
    /// `COMPANION_VAULT` for the service (`file` unless told otherwise).
    package var vault: String

    /// A unit running `executable sidecar serve serveArguments…`.
    package init(
        executable: String, serveArguments: [String], vault: String = "file", profile: String? = nil,
        passphrase: PassphraseFile? = nil
    ) {
        self.executable = executable
        self.serveArguments = serveArguments
        self.vault = vault
        self.profile = profile
        self.passphrase = passphrase
    }

    /// The unit file's text.
    package var text: String {
        var lines = [
            "# Written by `companion sidecar service install`; `companion sidecar service uninstall` removes it.",
            "[Unit]",
            "Description=CompanionKit sidecar (companion sidecar serve)",
            "After=network-online.target",
            "Wants=network-online.target",
            "",
            "[Service]",
            "Type=exec",
            "ExecStart="
                + ([executable, "sidecar", "serve"] + serveArguments).map { Self.quoted($0) }.joined(separator: " "),
            "Environment=" + Self.quoted("COMPANION_VAULT=\(vault)"),
        ]
        if let profile { lines.append("Environment=" + Self.quoted("COMPANION_PROFILE=\(profile)")) }
        switch passphrase {
        case .plain(let path):
            lines.append("LoadCredential=\(Self.passphraseCredential):\(Self.escaped(path))")
        case .encrypted(let path):
            lines.append("LoadCredentialEncrypted=\(Self.passphraseCredential):\(Self.escaped(path))")
        case nil: break
        }
        if passphrase != nil {
            lines.append(
                "Environment="
                    + Self.quoted("COMPANION_VAULT_PASSPHRASE_FILE=%d/\(Self.passphraseCredential)", raw: true))
        }
        lines += [
            "Restart=on-failure",
            "RestartSec=2",
            "NoNewPrivileges=yes",
            "PrivateTmp=yes",
            "",
            "[Install]",
            "WantedBy=default.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with systemd's specifiers (`%`) and variable expansion (`$`) escaped, so it is taken literally.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
    }

    /// One word of a command line or an assignment, double-quoted (`\` and `"` escaped) so spaces survive.
    /// With `raw`, specifiers are left as they are (for the `%d` of the credentials directory).
    static func quoted(_ word: String, raw: Bool = false) -> String {
        let body = (raw ? word : escaped(word)).replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(body)\""
    }
}
