import CompanionCrypto
import CompanionVault
import Foundation

/// The sidecar's Ed25519 identity: loaded from (or created in) its own vault profile, `sidecar` by default
/// (`--profile` or `COMPANION_SIDECAR_PROFILE` override it), or a throw-away key with `--ephemeral-identity`.
struct SidecarIdentity {
    static let profileVariable = "COMPANION_SIDECAR_PROFILE"
    static let defaultProfile = "sidecar"

    let keyPair: Ed25519KeyPair
    /// Where the key came from, for the start-up line.
    let origin: String

    static func load(vault options: VaultOptions, ephemeral: Bool) throws -> SidecarIdentity {
        if ephemeral { return SidecarIdentity(keyPair: .generate(), origin: "ephemeral, this run only") }
        var options = options
        if options.profile == nil {
            let env = ProcessInfo.processInfo.environment[profileVariable] ?? ""
            options.profile = env.isEmpty ? defaultProfile : env
        }
        do {
            let vault = try options.open()
            let (keyPair, created) = try DeviceIdentityStore(vault: vault).loadOrCreate()
            let profile = options.profileName
            return SidecarIdentity(
                keyPair: keyPair, origin: created ? "created in vault profile \(profile)" : "vault profile \(profile)")
        } catch let failure as CLIFailure {
            throw CLIFailure(
                failure.status, "cannot load the sidecar identity: \(failure.message)",
                hint: (failure.hint.map { $0 + "; " } ?? "")
                    + "or run with --ephemeral-identity (companions then cannot pin this sidecar across restarts)")
        } catch let error as VaultError {
            throw CLIFailure(
                .vault, "cannot load the sidecar identity: \(error.message)",
                hint: "\(error.hint); or run with --ephemeral-identity")
        }
    }
}
