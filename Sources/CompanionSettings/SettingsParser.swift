import TOMLKit

/// Reads ``CompanionSettings`` from TOML text with TOMLKit, refusing unknown keys and wrong types.
enum SettingsParser {
    static let topLevelKeys: Set<String> = ["vault", "profile", "passphrase-file", "sidecar-url", "timeout", "sidecar"]
    static let sidecarKeys: Set<String> = ["host", "port", "data-dir", "public-url", "api-key-scopes"]
    static let vaults: Set<String> = ["auto", "secret-service", "file"]

    static func parse(_ text: String, path: String) throws(SettingsError) -> CompanionSettings {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SettingsError(
                path: path, problem: "is not valid TOML (line \(error.source.begin.line)): \(error.description)")
        } catch {
            throw SettingsError(path: path, problem: "is not valid TOML")
        }
        var settings = CompanionSettings()
        let reader = Reader(path: path, table: table, prefix: "")
        try reader.refuseUnknown(topLevelKeys)
        settings.vault = try reader.string("vault")
        if let vault = settings.vault, !vaults.contains(vault) {
            throw SettingsError(path: path, problem: "has vault = \"\(vault)\"; use auto, secret-service or file")
        }
        settings.profile = try reader.string("profile")
        settings.passphraseFile = try reader.string("passphrase-file")
        settings.sidecarURL = try reader.string("sidecar-url")
        settings.timeout = try reader.number("timeout")
        if let timeout = settings.timeout, !(timeout > 0 && timeout <= 300) {
            throw SettingsError(path: path, problem: "has timeout = \(timeout); use 1 to 300 seconds")
        }
        if let value = table["sidecar"] {
            guard let sidecar = value.table else {
                throw SettingsError(path: path, problem: "has sidecar as a value; it must be a [sidecar] table")
            }
            let inner = Reader(path: path, table: sidecar, prefix: "sidecar.")
            try inner.refuseUnknown(sidecarKeys)
            settings.sidecar.host = try inner.string("host")
            settings.sidecar.port = try inner.integer("port")
            if let port = settings.sidecar.port, !(0...65535).contains(port) {
                throw SettingsError(path: path, problem: "has sidecar.port = \(port); use 0 to 65535")
            }
            settings.sidecar.dataDirectory = try inner.string("data-dir")
            settings.sidecar.publicURL = try inner.string("public-url")
            settings.sidecar.apiKeyScopes = try inner.string("api-key-scopes")
        }
        return settings
    }

    /// Typed reads of one table's keys, with errors naming the key.
    struct Reader {
        let path: String
        let table: TOMLTable
        let prefix: String

        func refuseUnknown(_ known: Set<String>) throws(SettingsError) {
            if let unknown = table.keys.sorted().first(where: { !known.contains($0) }) {
                throw SettingsError(path: path, problem: "has an unknown key '\(prefix)\(unknown)'")
            }
        }

        func string(_ key: String) throws(SettingsError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, !text.isEmpty else {
                throw SettingsError(path: path, problem: "has \(prefix)\(key) that is not a non-empty string")
            }
            return text
        }

        func integer(_ key: String) throws(SettingsError) -> Int? {
            guard let value = table[key] else { return nil }
            guard let number = value.int else {
                throw SettingsError(path: path, problem: "has \(prefix)\(key) that is not a whole number")
            }
            return number
        }

        func number(_ key: String) throws(SettingsError) -> Double? {
            guard let value = table[key] else { return nil }
            if let number = value.int { return Double(number) }
            guard let number = value.double else {
                throw SettingsError(path: path, problem: "has \(prefix)\(key) that is not a number")
            }
            return number
        }
    }
}
