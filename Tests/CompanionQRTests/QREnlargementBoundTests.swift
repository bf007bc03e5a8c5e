import Testing

@testable import CompanionQR

/// The enlarging passes are bounded: found while writing the QR decoder fuzz target (Fuzz/Sources/FuzzQRDecoder).
/// A strip too thin for ``DecodePass/reduced(_:)`` to shrink (2 × 3,000,000 pixels, a few kilobytes as PNG, well
/// under the 64 MP limit) was enlarged 8× in both directions: a 384 MB buffer, then 216 MB more for the smooth pass;
/// at the 64 MP limit, gigabytes.
struct QREnlargementBoundTests {
    @Test func degenerateStripsAreNotEnlarged() throws {
        let strip = GrayImage(width: 2, height: 3_000_000, filledWith: 255)
        for name in ["upscaled", "upscaled-smooth"] {
            let pass = try #require(DecodePass.named(name))
            let enlarged = pass.transform(strip).map { [$0.width, $0.height] }
            #expect(enlarged == nil, "\(name) enlarged a 2x3000000 strip")
        }
    }

    @Test func smallCodesAreStillEnlarged() throws {
        let small = GrayImage(width: 100, height: 1600, filledWith: 0)
        #expect(DecodePass.enlargement(of: small, atMost: 8) == 8)
        let upscaled = try #require(DecodePass.named("upscaled")?.transform(small))
        #expect(upscaled.width == 800 && upscaled.height == 12_800)
        #expect(DecodePass.enlargement(of: GrayImage(width: 400, height: 400, filledWith: 0), atMost: 8) == nil)
    }
}
