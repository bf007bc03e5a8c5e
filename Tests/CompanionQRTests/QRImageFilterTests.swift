import Testing

@testable import CompanionQR

@Suite struct QRImageFilterTests {
    /// A 2x2 checkerboard with 0 and 200.
    let checker = GrayImage(width: 2, height: 2, pixels: [0, 200, 200, 0])

    @Test func nearestUpscaleRepeatsPixels() {
        let image = checker.upscaled(by: 3)
        #expect(image.width == 6 && image.height == 6)
        #expect(image[2, 2] == 0 && image[3, 2] == 200 && image[2, 3] == 200 && image[5, 5] == 0)
    }

    @Test func smoothUpscaleInterpolatesBetweenPixels() {
        let image = checker.upscaledSmooth(by: 4)
        #expect(image.width == 8 && image.height == 8)
        #expect(image[0, 0] == 0 && image[7, 0] == 200)
        #expect(image[3, 0] > 0 && image[3, 0] < 200)
    }

    @Test func downscaleAveragesBlocks() {
        let image = GrayImage(width: 4, height: 2, pixels: [0, 100, 200, 200, 100, 200, 200, 200]).downscaled(by: 2)
        #expect(image == GrayImage(width: 2, height: 1, pixels: [100, 200]))
    }

    @Test func otsuSeparatesTwoLevels() {
        let image = GrayImage(width: 4, height: 1, pixels: [40, 50, 180, 190])
        let threshold = image.otsuThreshold()
        #expect(threshold >= 50 && threshold < 180)
        #expect(image.otsuBinarized().pixels == [0, 0, 255, 255])
    }

    @Test func blurOfUniformImageIsUniformAndSharpenSteepensEdges() {
        #expect(GrayImage(width: 5, height: 5, filledWith: 77).blurred(radius: 2).pixels.allSatisfy { $0 == 77 })
        let edge = GrayImage(width: 6, height: 1, pixels: [100, 100, 100, 150, 150, 150]).sharpened(radius: 1)
        #expect(edge[2, 0] < 100 && edge[3, 0] > 150)
    }

    @Test func adaptiveThresholdFollowsAShadow() {
        // Lit (light 200, dark 90), then in shadow (light 80, dark 30): the light module in shadow is darker than the
        // lit dark one, so no global threshold separates them; the local one does.
        let image = GrayImage(width: 8, height: 1, pixels: [200, 90, 200, 90, 80, 30, 80, 30])
        let binary = image.adaptiveBinarized(radius: 1, offset: 3)
        #expect(binary.pixels[1] == 0 && binary.pixels[2] == 255 && binary.pixels[4] == 255 && binary.pixels[5] == 0)
        #expect(
            GrayImage(width: 5, height: 5, filledWith: 77).adaptiveBinarized(radius: 2, offset: 3).pixels
                .allSatisfy { $0 == 255 })
    }

    @Test func adaptivePassAppliesOnlyUpToItsSize() {
        let pass = DecodePass.named("upscaled-adaptive")
        #expect(pass?.transform(GrayImage(width: 801, height: 10, filledWith: 0)) == nil)
        #expect(pass?.transform(GrayImage(width: 800, height: 10, filledWith: 0)).map { $0.width } == 1600)
    }

    @Test func reductionAppliesOnlyToHugeImages() {
        #expect(DecodePass.reduced(GrayImage(width: 1600, height: 10, filledWith: 0)) == nil)
        let reduced = DecodePass.reduced(GrayImage(width: 3000, height: 2000, filledWith: 9))
        #expect(reduced.map { max($0.width, $0.height) <= 1200 } == true)
    }

    @Test func passesAreNamedAndFindable() {
        #expect(QRDecoder.passNames.first == "original")
        #expect(Set(QRDecoder.passNames).count == QRDecoder.passNames.count)
        #expect(QRDecoder().scan(checker, pass: "no-such-pass") == nil)
    }

    @Test func formatSniffing() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff(Array("P6\n1 1 255\n".utf8)) == .pnm)
        #expect(ImageFormat.sniff(Array("P7\n".utf8)) == nil)
        #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff([0x49, 0x49, 0x2A, 0x00]) == .tiff)
    }
}
