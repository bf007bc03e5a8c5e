// swift-tools-version:6.0
// CompanionKit: pair a companion device with the workstation where AI coding agents run.
// Module map and import rules: ARCHITECTURE.md.
import PackageDescription

/// A thin system-library target: one C library, found with pkg-config, installed with apt, linked.
func systemLibrary(_ name: String, pkg: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/CSystem/\(name)", pkgConfig: pkg, providers: [.apt(apt)])
}

/// A system-library target whose library is loaded with `dlopen` on first use rather than linked, so that
/// commands that never touch it do not load it (and its dependencies) at start-up: only its header is needed
/// to build (in the default include path, so no pkg-config, whose `--libs` would link it).
func loadedLibrary(_ name: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/CSystem/\(name)", providers: [.apt(apt)])
}

let package = Package(
    name: "CompanionKit",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "companion", targets: ["companion"]),
        .executable(name: "companion-mcp-probe", targets: ["companion-mcp-probe"]),
        // The library (docs/library.md): CompanionKit (the companion side), CompanionAPI (the wire types),
        // CompanionVault and CompanionVaultSecretService (where the credentials live). The five after them are
        // products only because types of theirs appear in the public declarations of those four (`SecureBytes`,
        // `PairingRecord`, `TaskClient`, `QRDecodeError`, `DiscoveryRecord`), so an embedder can name them. Every
        // other target is internal to this package: what its targets share is `package`, not `public`.
        .library(name: "CompanionKit", targets: ["CompanionKit"]),
        .library(name: "CompanionAPI", targets: ["CompanionAPI"]),
        .library(name: "CompanionVault", targets: ["CompanionVault"]),
        .library(name: "CompanionVaultSecretService", targets: ["CompanionVaultSecretService"]),
        .library(name: "CompanionCrypto", targets: ["CompanionCrypto"]),
        .library(name: "CompanionPairing", targets: ["CompanionPairing"]),
        .library(name: "CompanionClient", targets: ["CompanionClient"]),
        .library(name: "CompanionQR", targets: ["CompanionQR"]),
        .library(name: "CompanionDiscovery", targets: ["CompanionDiscovery"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.20.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.3.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // The MCP health check: start a configured server and complete the handshake (CompanionClaudeCode/MCP).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.4.0"),
        // The settings file (`~/.config/companionkit/config.toml`).
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        // The sidecar's TLS: certificates made and read (X.509, ASN.1), the TLS key (P-256), the TLS stack.
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        // The sidecar's TLS listeners, and the companion's pinned TLS (a capturing handshake, the trust roots of
        // each connection).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.36.0"),
        // The sidecar's extra listeners and TLS reload run as services beside the API (SIGHUP included).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        // `swift package generate-documentation --target CompanionKit` (DocC), run by CI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.4.0"),
    ],
    targets: [
        // C libraries, each behind a thin system-library target. Nothing above the
        // capability modules below may import these.
        systemLibrary("CSodium", pkg: "libsodium", apt: ["libsodium-dev"]),
        // libsecret: loaded on first use (its declarations are in shim.h, checked by scripts/check-csecret.sh).
        loadedLibrary("CSecret", apt: ["libsecret-1-dev"]),
        // The Secret Service transfer session's cryptography (libsecret links it too).
        systemLibrary("CGcrypt", pkg: "libgcrypt", apt: ["libgcrypt20-dev"]),
        loadedLibrary("CQREncode", apt: ["libqrencode-dev"]),
        loadedLibrary("CZBar", apt: ["libzbar-dev"]),
        // The kernel keyring's system calls (no library: glibc's variadic syscall(2), wrapped in shim.h).
        .systemLibrary(name: "CKeyring", path: "Sources/CSystem/CKeyring"),
        loadedLibrary("CPNG", apt: ["libpng-dev"]),
        loadedLibrary("CJPEG", apt: ["libjpeg-dev"]),
        loadedLibrary("CAvahi", apt: ["libavahi-client-dev"]),

        // Capability modules.
        .target(name: "CompanionCrypto", dependencies: ["CSodium"]),
        .target(name: "CompanionPaths"),
        // The one atomic file writer (temporary file beside, fsync of file and directory, mode kept or set,
        // compare-and-swap with renameat2) and file stamps; not a product (`package` API).
        .target(name: "CompanionFiles"),
        // The one SQLite opener (WAL, busy timeout, `synchronous` per database, a migrator each); not a product.
        .target(name: "CompanionDatabase", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        .target(
            name: "CompanionVault", dependencies: ["CompanionCrypto", "CompanionPaths", "CompanionFiles", "CKeyring"]),
        // The settings file: TOML read with TOMLKit, unknown keys refused.
        .target(
            name: "CompanionSettings",
            dependencies: ["CompanionPaths", "CompanionFiles", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(
            name: "CompanionVaultSecretService",
            dependencies: ["CompanionVault", "CompanionCrypto", "CSecret", "CGcrypt"]),
        .target(name: "CompanionQR", dependencies: ["CQREncode", "CZBar", "CPNG", "CJPEG"]),
        .target(name: "CompanionAPI", dependencies: ["CompanionCrypto"]),
        .target(
            name: "CompanionClient",
            dependencies: [
                "CompanionAPI", "CompanionTLS",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "CompanionPairing", dependencies: ["CompanionAPI"]),
        // TLS: the sidecar's self-signed certificate and the user's PEM files, key pins (SPKI SHA-256), the
        // companion's pinned verification.
        .target(
            name: "CompanionTLS",
            dependencies: [
                "CompanionAPI", "CompanionCrypto", "CompanionFiles",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // Web Push's cryptography (no I/O): the VAPID key and token (RFC 8292), message encryption (RFC 8291,
        // aes128gcm), with swift-crypto.
        .target(
            name: "CompanionPush",
            dependencies: ["CompanionCrypto", .product(name: "Crypto", package: "swift-crypto")]),
        // The companion side as one API (pair, status, devices, tasks, logs); what the CLI and apps call.
        .target(
            name: "CompanionKit",
            dependencies: [
                "CompanionAPI", "CompanionClient", "CompanionCrypto", "CompanionPairing", "CompanionQR",
                "CompanionVault",
                "CompanionDiscovery", "CompanionFiles",
            ]),
        // DNS-SD (`_companion._tcp`) through avahi-daemon: advertising and browsing.
        .target(name: "CompanionDiscovery", dependencies: ["CAvahi"]),
        // Claude Code on the workstation (no HTTP): the CLI and ~/.claude, the project and session index,
        // transcripts, the chat run supervisor. The sidecar's /api/v1 routes translate HTTP to it.
        .target(
            name: "CompanionClaudeCode",
            dependencies: [
                "CompanionPaths", "CompanionCrypto", "CompanionFiles", "CompanionDatabase",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]),
        // The MCP health check's handshake (MCP Swift SDK), an executable of its own that the sidecar starts:
        // the SDK links Foundation's networking, so libcurl and ~30 libraries, which `companion` must not load.
        .executableTarget(
            name: "companion-mcp-probe",
            dependencies: [
                "CompanionClaudeCode",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // Agent sessions on the workstation (no HTTP): Claude Code's hooks in its settings, the session model,
        // tmux sessions and pane detection, held permission requests. The hooks are written through
        // CompanionClaudeCode's files layer (the one writer of Claude Code's files; ARCHITECTURE.md).
        .target(
            name: "CompanionAgents",
            dependencies: [
                "CompanionCrypto", "CompanionClaudeCode", "CompanionFiles",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]),
        // The phone web app's files (`Sources/CompanionWebApp/app/`), embedded in the binary as byte arrays by the
        // WebAppAssets build-tool plugin, so `companion sidecar serve` needs no file beside it.
        .executableTarget(name: "WebAppEmbedder"),
        .plugin(name: "WebAppAssets", capability: .buildTool(), dependencies: ["WebAppEmbedder"]),
        .target(
            name: "CompanionWebApp", exclude: ["app", "tsconfig.json", "tsconfig.sw.json"], plugins: ["WebAppAssets"]),
        .target(
            name: "CompanionSidecar",
            dependencies: [
                "CompanionAPI", "CompanionCrypto", "CompanionPaths", "CompanionDatabase",
                "CompanionClaudeCode", "CompanionAgents", "CompanionDiscovery", "CompanionTLS", "CompanionWebApp",
                "CompanionPush",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // TLS on the listeners beyond loopback (a handler per connection, its context reloadable).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The owner commands' client of the owner socket (`http+unix`); Web Push to the push services.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // `systemctl --user` for `companion sidecar service`.
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/openapi.yaml")]),
        // The CLI: every command, option group and presenter (ArgumentParser), the exit code of each failure; not a
        // product (`package` API). The executable below only calls it. It reaches the sidecar through CompanionKit's
        // facades only, never CompanionClient (scripts/check-cli-imports.sh).
        .target(
            name: "CompanionCLI",
            dependencies: [
                "CompanionCrypto", "CompanionVault", "CompanionVaultSecretService", "CompanionQR",
                "CompanionAPI", "CompanionPairing", "CompanionSidecar", "CompanionKit",
                "CompanionAgents",
                "CompanionSettings",
                "CompanionDiscovery", "CompanionTLS", "CompanionPush",
                "CompanionFiles", "CompanionPaths",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // `watch --notify` starts notify-send; `sidecar service` runs `systemctl --user`.
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]),
        // `companion`: a `main` of a few lines that runs CompanionCLI.
        .executableTarget(
            name: "companion",
            dependencies: ["CompanionCLI"],
            // The Swift driver links executables with --export-dynamic, which puts every public symbol of every
            // module (44,000) in the dynamic symbol table: nothing loads symbols from the executable, but the
            // dynamic loader and the Swift runtime's start-up dladdr walk that table (Benchmarks/startup.sh).
            // It is linked by the toolchain's lld with packed relative relocations (DT_RELR, glibc 2.36+): the
            // executable stays position-independent, and its 151,000 relative relocations take 30 KB for the loader
            // to read instead of 3.6 MB (docs/startup.md). In every configuration, so that the tests' build (which
            // CI runs and installs) is linked as the release build is.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux])),
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release)),
            ]),
        // Examples/: programs that use the library products only (CI builds them; scripts/check-imports.sh
        // checks that they import nothing else).
        .executableTarget(
            name: "pair-and-list",
            dependencies: ["CompanionKit", "CompanionVault", "CompanionVaultSecretService", "CompanionAPI"],
            path: "Examples/PairAndList"),
        // Benchmark driver for Benchmarks/qr.sh (our decoder vs zbarimg); not a product.
        .executableTarget(
            name: "qr-bench", dependencies: ["CompanionQR", "CompanionTestSupport"], path: "Benchmarks/QRBench"),
        // Benchmark driver for Benchmarks/vault.sh (keypair generation, vault store and lookup in process); not a
        // product.
        .executableTarget(
            name: "keys-bench",
            dependencies: ["CompanionCrypto", "CompanionVault", "CompanionVaultSecretService"],
            path: "Benchmarks/KeysBench"),
        // Benchmark driver for Benchmarks/claude-index.sh (the Claude transcript index); not a product.
        .executableTarget(
            name: "claude-index-bench", dependencies: ["CompanionClaudeCode"], path: "Benchmarks/ClaudeIndexBench"),

        // Benchmark driver for Benchmarks/agents.sh (hook and pane latency over /ws, idle CPU); not a product.
        .executableTarget(
            name: "agents-bench",
            dependencies: [
                "CompanionSidecar", "CompanionClient", "CompanionAPI", "CompanionAgents", "CompanionTestSupport",
            ],
            path: "Benchmarks/AgentsBench"),

        // Benchmark driver for Benchmarks/push.sh (permission request → push service, beside /ws); not a product.
        .executableTarget(
            name: "push-bench",
            dependencies: [
                "CompanionSidecar", "CompanionClient", "CompanionAPI", "CompanionPush", "CompanionTestSupport",
            ],
            path: "Benchmarks/PushBench"),

        // Tests.
        .target(
            name: "CompanionTestSupport",
            dependencies: [
                "CompanionCrypto", "CompanionAPI", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Tests/CompanionTestSupport"),
        .testTarget(name: "CompanionPathsTests", dependencies: ["CompanionPaths"]),
        .testTarget(
            name: "CompanionAgentsTests",
            dependencies: ["CompanionAgents", "CompanionClaudeCode", "CompanionTestSupport"]),
        .testTarget(name: "CompanionSettingsTests", dependencies: ["CompanionSettings"]),
        .testTarget(
            name: "CompanionClaudeCodeTests",
            dependencies: [
                "CompanionClaudeCode", "CompanionDatabase", "CompanionTestSupport",
                .product(name: "Logging", package: "swift-log"),
                // The shipped schemas of older versions, made with raw SQL in the migration tests.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(name: "CompanionCryptoTests", dependencies: ["CompanionCrypto", "CompanionTestSupport"]),
        .testTarget(
            name: "CompanionVaultTests",
            dependencies: ["CompanionVault", "CompanionVaultSecretService", "CompanionCrypto", "CompanionTestSupport"]),
        .testTarget(
            name: "CompanionTLSTests",
            dependencies: ["CompanionTLS", "CompanionAPI", "CompanionCrypto", "CompanionTestSupport"]),
        .testTarget(
            name: "CompanionPushTests",
            dependencies: [
                "CompanionPush", "CompanionCrypto", "CompanionTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "CompanionQRTests", dependencies: ["CompanionQR", "CompanionTestSupport"]),
        .testTarget(name: "CompanionKitTests", dependencies: ["CompanionKit", "CompanionAPI"]),
        // The CLI's commands run in this process (CompanionCommandLine.run(_:context:)): output and status captured.
        .testTarget(name: "CompanionCLITests", dependencies: ["CompanionCLI", "CompanionQR", "CompanionTestSupport"]),
        .testTarget(
            name: "CompanionAPITests", dependencies: ["CompanionAPI", "CompanionCrypto", "CompanionTestSupport"]),
        .testTarget(
            name: "CompanionPairingTests", dependencies: ["CompanionPairing", "CompanionAPI", "CompanionTestSupport"]),
        .testTarget(
            name: "CompanionClientTests",
            dependencies: [
                "CompanionClient", "CompanionAPI", "CompanionCrypto", "CompanionTLS", "CompanionTestSupport",
            ]),
        .testTarget(
            name: "CompanionSidecarTests",
            dependencies: [
                "CompanionSidecar", "CompanionClient", "CompanionAPI", "CompanionCrypto", "CompanionTestSupport",
                "CompanionKit", "CompanionVault", "CompanionPairing", "CompanionClaudeCode", "CompanionAgents",
                "CompanionDiscovery", "CompanionTLS", "CompanionDatabase", "CompanionWebApp", "CompanionPush",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "CompanionEndToEndTests",
            dependencies: [
                "CompanionClient", "CompanionQR", "CompanionCrypto", "CompanionAPI", "CompanionVault",
                "CompanionVaultSecretService", "CompanionSidecar", "CompanionTLS",
                "CompanionTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
