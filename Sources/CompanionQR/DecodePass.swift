/// One attempt at the image: a transform applied before zbar scans it. The decoder runs the passes in order and
/// stops at the first that finds a code. A pass whose transform returns nil does not apply to that image.
struct DecodePass: Sendable {
    /// Short name, reported by the benchmark.
    let name: String
    /// False for passes that must see the full-resolution image; true for the filters, which run on the reduced
    /// image (see ``reduced(_:)``) so a huge photo does not make every filter slow.
    let onReduced: Bool
    let transform: @Sendable (GrayImage) -> GrayImage?

    init(_ name: String, onReduced: Bool = true, transform: @escaping @Sendable (GrayImage) -> GrayImage?) {
        self.name = name
        self.onReduced = onReduced
        self.transform = transform
    }

    /// Longest side above which an image is reduced before filtering.
    static let reduceAbove = 1600

    /// `image` box-filtered down to a longest side of at most 1200 pixels when it is larger than ``reduceAbove``,
    /// otherwise nil. Averaging also removes sensor noise and JPEG artefacts at the scale of a module.
    static func reduced(_ image: GrayImage) -> GrayImage? {
        let side = max(image.width, image.height)
        return side > reduceAbove ? image.downscaled(by: (side + 1199) / 1200) : nil
    }

    /// Smallest side under which an image is enlarged.
    static let enlargeBelow = 400

    /// Largest image an enlarging pass may produce. A code worth enlarging (shortest side under
    /// ``enlargeBelow``, longest at most ``reduceAbove``) stays near 10 megapixels; only a degenerate strip, which
    /// ``reduced(_:)`` cannot shrink (2 × 3,000,000 pixels), would exceed it: up to 64 times its 64 MP input.
    static let maxEnlargedPixels = 16 << 20

    /// The factor that enlarges `image`'s shortest side to about 800 pixels (capped at `limit`), or nil when it
    /// needs no enlargement or the result would exceed ``maxEnlargedPixels``.
    static func enlargement(of image: GrayImage, atMost limit: Int) -> Int? {
        let side = min(image.width, image.height)
        guard side > 0, side < enlargeBelow else { return nil }
        let factor = min(limit, (800 + side - 1) / side)
        return image.width * image.height <= maxEnlargedPixels / (factor * factor) ? factor : nil
    }

    /// The passes, cheapest first. Kept because they measurably help on the benchmark's hard set (Benchmarks/qr.sh;
    /// `qr-bench passes` with QR_EVERY_PASS=1 lists which passes read which image): "downscaled" is the only one that
    /// reads the noisy 5-megapixel photos, "upscaled-smooth" the only one for 1.3-pixel modules, "blurred" the only
    /// one for the faintest low-contrast image, "sharpened" the only one under glare; "upscaled" (nearest
    /// neighbour) reads the one-pixel-per-module vector and is cheaper than the smooth variant. On the failure-class
    /// sets (Benchmarks/qr-classes.sh) "upscaled-sharpened" (bilinear ×4, unsharp mask) is the only one for modules of
    /// 1.2 to 1.4 pixels and "upscaled-adaptive" (bilinear ×2, local-mean threshold) the only one for the strongest
    /// blur; both come last, so they cost time only on images every other pass missed. Candidates that read
    /// nothing the kept passes miss were dropped: contrast stretch, plain Otsu, adaptive (local-mean) thresholds,
    /// blur with radius 1, milder sharpening. zbar also retries every pass inverted (ZBAR_CFG_TEST_INVERTED), which
    /// covers light-on-dark codes.
    static let all: [DecodePass] = [
        DecodePass("original", onReduced: false) { $0 },
        DecodePass("downscaled", onReduced: false) { reduced($0) },
        DecodePass("upscaled") { image in
            enlargement(of: image, atMost: 8).map { image.upscaled(by: $0) }
        },
        DecodePass("upscaled-smooth") { image in
            enlargement(of: image, atMost: 6).map { image.upscaledSmooth(by: $0).otsuBinarized() }
        },
        DecodePass("blurred") { image in image.blurred(radius: 2).otsuBinarized() },
        DecodePass("sharpened") { image in image.sharpened(radius: 4, amount: 3) },
        DecodePass("upscaled-sharpened") { image in
            enlargement(of: image, atMost: 4).map { image.upscaledSmooth(by: $0).sharpened(radius: 6, amount: 2) }
        },
        DecodePass("upscaled-adaptive") { image in
            max(image.width, image.height) <= adaptiveUpTo
                ? image.upscaledSmooth(by: 2).adaptiveBinarized(radius: 10, offset: 3) : nil
        },
    ]

    /// Longest side up to which "upscaled-adaptive" applies (doubled, at most 1600 × 1600 pixels).
    static let adaptiveUpTo = 800

    /// The pass called `name`.
    static func named(_ name: String) -> DecodePass? { all.first { $0.name == name } }
}
