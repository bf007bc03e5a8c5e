import CompanionTestSupport
import Foundation
import Testing

/// libzbar, libpng, libjpeg and libqrencode are loaded on first use (`dlopen`), not linked: a command that never
/// touches an image does not map them, nor the X11, v4l2 and D-Bus libraries libzbar pulls in.
@Suite struct QRLibraryLoadingTests {
    /// The shared libraries the dynamic loader maps when `companion` starts (glibc's `LD_TRACE_LOADED_OBJECTS`).
    static func librariesLoadedAtStart() async throws -> [String] {
        let traced = try await ProcessRunner.run(
            TestPaths.companionBinary.path, ["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(traced.status == 0, "\(traced.stderr)")
        return traced.stdout.split(separator: "\n").compactMap { line in
            // "\tlibsodium.so.23 => /lib/…/libsodium.so.23 (0x…)": the name is the first word.
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
    }

    @Test func startingTheCLIMapsNoImageLibrary() async throws {
        let libraries = try await Self.librariesLoadedAtStart()
        // The trace works: libsodium is linked (nearly every command needs it).
        #expect(libraries.contains { $0.hasPrefix("libsodium") }, "\(libraries)")
        for name in ["libzbar", "libpng", "libjpeg", "libqrencode", "libX11", "libv4l2"] {
            #expect(!libraries.contains { $0.hasPrefix(name) }, "\(name) is mapped at start: \(libraries)")
        }
    }

    /// The MCP SDK links Foundation's networking, and with it libcurl and about thirty libraries: it lives in
    /// `companion-mcp-probe`, so `companion` maps none of them at start (it mapped 47 libraries, 19 without them).
    @Test func startingTheCLIMapsNoNetworkingLibraryOfFoundation() async throws {
        let libraries = try await Self.librariesLoadedAtStart()
        for name in ["libcurl", "libFoundationNetworking", "libgnutls", "libssh2", "libldap"] {
            #expect(!libraries.contains { $0.hasPrefix(name) }, "\(name) is mapped at start: \(libraries)")
        }
    }

    @Test func decodingLoadsTheLibrariesOnFirstUse() async throws {
        let vectors = TestPaths.testVectors.appendingPathComponent("qr")
        let decoded = try await ProcessRunner.run(
            TestPaths.companionBinary.path,
            [
                "qr", "decode", vectors.appendingPathComponent("photo.jpg").path,
                vectors.appendingPathComponent("png-rgb.png").path,
            ])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout.split(separator: "\n").count == 2)
    }
}
