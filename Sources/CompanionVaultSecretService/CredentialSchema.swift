import CSecret
import CompanionVault

/// The documented Secret Service schema of CompanionKit items.
///
/// Schema name `org.companionkit.Credential`; every item carries the string attributes
/// `service=companionkit`, `profile=<profile>`, `name=<item name>` and `kind=<item kind>` (plus
/// `xdg:schema`, added by libsecret). `secret-tool search service companionkit` lists them all. Creation and
/// modification times are the keyring's own; secrets are stored as `application/octet-stream`.
enum CredentialSchema {
    static let name = "org.companionkit.Credential"
    static let service = "companionkit"
    /// The attribute libsecret adds to items stored, and searches made, with a schema: the schema's name.
    static let schemaAttribute = "xdg:schema"

    enum Attribute {
        static let service = "service"
        static let profile = "profile"
        static let name = "name"
        static let kind = "kind"
        static let all = [service, profile, name, kind]
    }

    /// Content type of stored secrets: raw bytes, kept exactly (no text conversion).
    static let contentType = "application/octet-stream"

    /// Builds the `SecretSchema` with `secret_schema_newv`; release it with `secret_schema_unref`.
    static func make() -> UnsafeMutablePointer<SecretSchema> {
        let types = libsecret.g_hash_table_new_full(libsecret.g_str_hash, libsecret.g_str_equal, libsecret.g_free, nil)!
        defer { libsecret.g_hash_table_unref(types) }
        for attribute in Attribute.all {
            // The value is GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING), which is 0, i.e. NULL.
            let type = UnsafeMutableRawPointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING))
            _ = libsecret.g_hash_table_insert(types, libsecret.g_strdup(attribute), type)
        }
        return libsecret.secret_schema_newv(name, SECRET_SCHEMA_NONE, types)!
    }

    /// The attributes that select a profile's items, optionally one item.
    static func attributes(profile: VaultProfile, name: String? = nil) -> [String: String] {
        var attributes = [Attribute.service: service, Attribute.profile: profile.name]
        if let name { attributes[Attribute.name] = name }
        return attributes
    }
}
