// swift-tools-version:6.0
// libFuzzer targets for CompanionKit's parsers and verifiers. Kept out of the root package so that it builds and
// tests without fuzzing flags. Build and run with `Fuzz/run.sh [seconds]`; see docs/fuzzing.md.
import PackageDescription

/// One libFuzzer target: an executable whose only entry point is `LLVMFuzzerTestOneInput`.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
    name: "CompanionKitFuzz",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "FuzzQRPayload", targets: ["FuzzQRPayload"]),
        .executable(name: "FuzzRequestVerifier", targets: ["FuzzRequestVerifier"]),
        .executable(name: "FuzzQRDecoder", targets: ["FuzzQRDecoder"]),
    ],
    dependencies: [.package(name: "CompanionKit", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        fuzzTarget("FuzzQRPayload", [.product(name: "CompanionAPI", package: "CompanionKit")]),
        fuzzTarget(
            "FuzzRequestVerifier",
            [
                .product(name: "CompanionAPI", package: "CompanionKit"),
                .product(name: "CompanionCrypto", package: "CompanionKit"),
            ]),
        fuzzTarget("FuzzQRDecoder", [.product(name: "CompanionQR", package: "CompanionKit")]),
    ],
    swiftLanguageModes: [.v6]
)
