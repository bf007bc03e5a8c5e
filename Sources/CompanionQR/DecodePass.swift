/// One attempt at the image: a transform applied before zbar scans it. The decoder runs the passes in order and
/// stops at the first that finds a code. A pass whose transform returns nil does not apply to that image.
struct DecodePass: Sendable {
    /// Short name, reported by the benchmark.
    let name: String
    let transform: @Sendable (GrayImage) -> GrayImage?

    /// The passes, cheapest and most often useful first. Each one earned its place on the benchmark's hard set
    /// (see Benchmarks/qr.sh); passes that rescued nothing there were removed.
    static let all: [DecodePass] = [
        DecodePass(name: "original") { $0 },
        DecodePass(name: "inverted") { $0.inverted() },
        DecodePass(name: "downscaled") { image in
            let side = max(image.width, image.height)
            return side > 1600 ? image.downscaled(by: (side + 1199) / 1200) : nil
        },
        DecodePass(name: "upscaled") { image in
            let side = min(image.width, image.height)
            return side < 400 ? image.upscaled(by: min(8, (800 + side - 1) / side)) : nil
        },
        DecodePass(name: "contrast") { $0.contrastStretched() },
        DecodePass(name: "otsu") { $0.otsuBinarized() },
        DecodePass(name: "adaptive") { image in
            image.adaptiveBinarized(radius: max(7, min(image.width, image.height) / 24))
        },
        DecodePass(name: "blurred") { image in image.blurred(radius: 1).otsuBinarized() },
        DecodePass(name: "sharpened") { image in image.sharpened(radius: 2) },
        DecodePass(name: "adaptive-inverted") { image in
            image.inverted().adaptiveBinarized(radius: max(7, min(image.width, image.height) / 24))
        },
    ]
}
