extension GrayImage {
    /// Each pixel repeated `factor` times in both directions (nearest neighbour): keeps module edges sharp when a
    /// small code has too few pixels per module for zbar's finder.
    func upscaled(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let newWidth = width * factor
        var output = [UInt8](repeating: 0, count: newWidth * height * factor)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let rowStart = y * factor * newWidth
                    for x in 0..<width {
                        let value = source[y * width + x]
                        for dx in 0..<factor { target[rowStart + x * factor + dx] = value }
                    }
                    for copy in 1..<factor {
                        for x in 0..<newWidth { target[rowStart + copy * newWidth + x] = target[rowStart + x] }
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: height * factor, pixels: output)
    }

    /// Averaged over `factor`×`factor` blocks (box filter): shrinks very large photos, which also smooths sensor
    /// noise and JPEG artefacts.
    func downscaled(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let newWidth = width / factor
        let newHeight = height / factor
        guard newWidth > 0, newHeight > 0 else { return self }
        var output = [UInt8](repeating: 0, count: newWidth * newHeight)
        let area = factor * factor
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var sums = [Int](repeating: 0, count: newWidth)
                for y in 0..<newHeight {
                    for index in 0..<newWidth { sums[index] = 0 }
                    for row in (y * factor)..<(y * factor + factor) {
                        let base = row * width
                        for x in 0..<newWidth {
                            var sum = 0
                            let start = base + x * factor
                            for dx in 0..<factor { sum += Int(source[start + dx]) }
                            sums[x] += sum
                        }
                    }
                    for x in 0..<newWidth { target[y * newWidth + x] = UInt8((sums[x] + area / 2) / area) }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: output)
    }
}

extension GrayImage {
    /// Bilinear enlargement by `factor`: smooth edges for codes of barely one pixel per module, which nearest
    /// neighbour would turn into blocky noise.
    func upscaledSmooth(by factor: Int) -> GrayImage {
        guard factor > 1, width > 1, height > 1 else { return self }
        let newWidth = width * factor
        let newHeight = height * factor
        var output = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    // Sample centres: (y + 0.5) / factor - 0.5 in source pixels, in 1/(2 * factor) units.
                    let sy = max(0, (2 * y + 1 - factor)) * 256 / (2 * factor)
                    let y0 = min(sy >> 8, height - 1)
                    let y1 = min(y0 + 1, height - 1)
                    let fy = sy & 255
                    for x in 0..<newWidth {
                        let sx = max(0, (2 * x + 1 - factor)) * 256 / (2 * factor)
                        let x0 = min(sx >> 8, width - 1)
                        let x1 = min(x0 + 1, width - 1)
                        let fx = sx & 255
                        let top = Int(source[y0 * width + x0]) * (256 - fx) + Int(source[y0 * width + x1]) * fx
                        let bottom = Int(source[y1 * width + x0]) * (256 - fx) + Int(source[y1 * width + x1]) * fx
                        target[y * newWidth + x] = UInt8((top * (256 - fy) + bottom * fy + 32768) >> 16)
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: output)
    }
}
