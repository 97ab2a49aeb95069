extension GrayImage {
    /// The picture scaled to `width × height` by averaging the pixels each new pixel covers
    /// (a box filter, weighted by the covered fraction of the edge pixels), so thin lines and
    /// small shapes still darken or lighten their cell instead of vanishing.
    public func resampled(width newWidth: Int, height newHeight: Int) -> GrayImage {
        let targetWidth = max(1, newWidth)
        let targetHeight = max(1, newHeight)
        if targetWidth == width, targetHeight == height { return self }
        let columns = Self.spans(from: width, to: targetWidth)
        let rows = Self.spans(from: height, to: targetHeight)
        var result = [Float](repeating: 0, count: targetWidth * targetHeight)
        // First each source row is reduced to the target's columns, then rows are blended.
        var rowSums = [Float](repeating: 0, count: targetWidth)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for (ty, rowSpan) in rows.enumerated() {
                    for index in 0..<targetWidth { rowSums[index] = 0 }
                    for (sy, rowWeight) in rowSpan.weights {
                        let base = sy * width
                        for (tx, columnSpan) in columns.enumerated() {
                            var sum: Float = 0
                            for (sx, weight) in columnSpan.weights { sum += source[base + sx] * weight }
                            rowSums[tx] += sum * rowWeight
                        }
                    }
                    let norm = 1 / rowSpan.total
                    for tx in 0..<targetWidth {
                        target[ty * targetWidth + tx] = min(1, max(0, rowSums[tx] * norm / columns[tx].total))
                    }
                }
            }
        }
        return GrayImage(unchecked: targetWidth, targetHeight, result)
    }

    /// Which source pixels (and how much of each) one target pixel covers along one axis.
    struct Span {
        var weights: [(Int, Float)]
        var total: Float
    }

    static func spans(from source: Int, to target: Int) -> [Span] {
        let step = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * step
            let end = max(start + 1e-9, Double(index + 1) * step)
            var weights: [(Int, Float)] = []
            var pixel = Int(start)
            while Double(pixel) < end, pixel < source {
                let covered = min(end, Double(pixel + 1)) - max(start, Double(pixel))
                if covered > 1e-6 { weights.append((pixel, Float(covered))) }
                pixel += 1
            }
            if weights.isEmpty { weights = [(min(source - 1, Int(start)), 1)] }
            return Span(weights: weights, total: weights.reduce(0) { $0 + $1.1 })
        }
    }
}
