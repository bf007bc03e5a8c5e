import ArgumentParser
import CompanionAPI
import CompanionPush
import CompanionSidecar
import Foundation

/// `companion sidecar serve`'s Web Push options: on by default, sending only to the public browser push services.
struct SidecarPushOptions: ParsableArguments {
    @Flag(help: "Send no Web Push (no /companion/push routes).")
    var noPush = false

    @Option(
        help: ArgumentHelp(
            "Push-service host suffixes a subscription may name (repeatable or comma-separated).",
            discussion: """
                The default is the public browser push services: \(PushSettings.defaultHosts.joined(separator: ", ")). \
                A host matches itself and its subdomains. Whatever the list, a push endpoint must be https and \
                resolve to public addresses only.
                """))
    var pushHosts: [String] = []

    @Option(help: "How much a notification says: none (\"An agent needs you\") or summary (tool and project).")
    var pushDetail: PushDetail = .none

    @Option(help: "The VAPID contact (a mailto: or https: URL); default: this sidecar's https URL, else a mailto.")
    var pushSubject: String?

    /// Puts the push settings into `configuration`, with the vault's VAPID key.
    func apply(to configuration: inout SidecarConfiguration, vapidKey: VAPIDKey) throws {
        guard !noPush else { return }
        var settings = PushSettings(vapidKey: vapidKey)
        let hosts = pushHosts.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty }
        for host in hosts where host.contains("/") || host.contains(":") || host.hasPrefix("*") {
            throw CLIFailure(
                .usage, "--push-hosts takes host names, not URLs or patterns: '\(host.prefix(80))'",
                hint: "e.g. --push-hosts fcm.googleapis.com,notify.windows.com (subdomains match)")
        }
        if !hosts.isEmpty { settings.hosts = hosts }
        settings.detail = pushDetail
        if let pushSubject {
            guard pushSubject.hasPrefix("mailto:") || pushSubject.hasPrefix("https://") else {
                throw CLIFailure(
                    .usage, "--push-subject must be a mailto: or https: URL", hint: "e.g. mailto:you@example.com")
            }
            settings.subject = pushSubject
        }
        configuration.push = settings
    }
}

extension PushDetail: ExpressibleByArgument {}
