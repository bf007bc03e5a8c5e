extension GrayImage {
    /// Applies a 256-entry lookup table to every pixel.
    func mapped(_ table: [UInt8]) -> GrayImage {
        var output = pixels
        table.withUnsafeBufferPointer { lookup in
            output.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices { buffer[index] = lookup[Int(buffer[index])] }
            }
        }
        return GrayImage(width: width, height: height, pixels: output)
    }

    /// Luminance histogram.
    func histogram() -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        pixels.withUnsafeBufferPointer { buffer in
            for value in buffer { counts[Int(value)] += 1 }
        }
        return counts
    }

    /// Otsu's global threshold: the level that best separates the histogram into two classes.
    func otsuThreshold() -> Int {
        let counts = histogram()
        let total = Double(pixels.count)
        let sumAll = counts.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var sumBackground = 0.0
        var weightBackground = 0.0
        var best = (threshold: 127, variance: -1.0)
        for level in 0..<256 {
            weightBackground += Double(counts[level])
            guard weightBackground > 0 else { continue }
            let weightForeground = total - weightBackground
            guard weightForeground > 0 else { break }
            sumBackground += Double(level * counts[level])
            let meanBackground = sumBackground / weightBackground
            let meanForeground = (sumAll - sumBackground) / weightForeground
            let difference = meanBackground - meanForeground
            let variance = weightBackground * weightForeground * difference * difference
            if variance > best.variance { best = (level, variance) }
        }
        return best.threshold
    }

    /// Black and white at Otsu's threshold.
    func otsuBinarized() -> GrayImage {
        let threshold = otsuThreshold()
        return mapped((0...255).map { $0 <= threshold ? 0 : 255 })
    }
}
