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
