extension GrayImage {
    /// Summed-area table with one extra leading row and column of zeros: `(width + 1) * (height + 1)` entries.
    private func integral() -> [Int] {
        let stride = width + 1
        var table = [Int](repeating: 0, count: stride * (height + 1))
        pixels.withUnsafeBufferPointer { source in
            table.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    var rowSum = 0
                    for x in 0..<width {
                        rowSum += Int(source[y * width + x])
                        sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + rowSum
                    }
                }
            }
        }
        return table
    }

    /// Calls `body(index, mean)` with the mean of the (2 * radius + 1)² window around every pixel (clamped at the
    /// edges).
    private func forEachLocalMean(radius: Int, _ body: (Int, Int) -> Void) {
        let table = integral()
        let stride = width + 1
        table.withUnsafeBufferPointer { sums in
            for y in 0..<height {
                let top = max(0, y - radius)
                let bottom = min(height, y + radius + 1)
                for x in 0..<width {
                    let left = max(0, x - radius)
                    let right = min(width, x + radius + 1)
                    let sum =
                        sums[bottom * stride + right] - sums[top * stride + right] - sums[bottom * stride + left]
                        + sums[top * stride + left]
                    body(y * width + x, sum / ((bottom - top) * (right - left)))
                }
            }
        }
    }

    /// Box blur (mean over the (2 * radius + 1)² window): suppresses noise and JPEG ringing.
    func blurred(radius: Int) -> GrayImage {
        var output = [UInt8](repeating: 0, count: pixels.count)
        output.withUnsafeMutableBufferPointer { target in
            forEachLocalMean(radius: radius) { index, mean in target[index] = UInt8(mean) }
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// Unsharp mask: `amount` times the difference from the local mean added back, steepening blurred edges.
    func sharpened(radius: Int, amount: Int = 2) -> GrayImage {
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                forEachLocalMean(radius: radius) { index, mean in
                    let value = Int(source[index])
                    target[index] = UInt8(clamping: value + amount * (value - mean))
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// Local (adaptive) binarisation: black where a pixel is at least `offset` darker than the mean of its
    /// (2 * radius + 1)² window, white elsewhere. Follows shadows and vignetting, which a global threshold cannot.
    func adaptiveBinarized(radius: Int, offset: Int) -> GrayImage {
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                forEachLocalMean(radius: radius) { index, mean in
                    target[index] = Int(source[index]) + offset > mean ? 255 : 0
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: output)
    }
}
