extension GrayImage {
    /// The picture scaled to `width × height` by averaging the pixels each new pixel covers
    /// (a box filter, weighted by the covered fraction of the edge pixels), so thin lines and
    /// small shapes still darken or lighten their cell instead of vanishing.
    public func resampled(width newWidth: Int, height newHeight: Int) -> GrayImage {
        let targetWidth = max(1, newWidth)
        let targetHeight = max(1, newHeight)
        if targetWidth == width, targetHeight == height { return self }
        let values = pixels.withUnsafeBufferPointer { source in
            Self.boxResample(width: width, height: height, to: targetWidth, targetHeight) { y, row in
                _ = row.update(fromContentsOf: source[(y * width)..<((y + 1) * width)])
            }
        }
        return GrayImage(unchecked: targetWidth, targetHeight, values)
    }

    /// The luminance of 8-bit interleaved pixels (as ``init(width:height:channels:bytes:background:)``)
    /// averaged straight down to `targetWidth × targetHeight`, without a full-size grayscale copy:
    /// what text art of a large picture needs. Nil when the sizes disagree.
    public init?(width: Int, height: Int, channels: Int, bytes: [UInt8], background: Float = 1,
                 sampledTo targetWidth: Int, _ targetHeight: Int) {
        guard width > 0, height > 0, (1...4).contains(channels), bytes.count >= width * height * channels else { return nil }
        let back = min(1, max(0, background)) * 255
        let values = bytes.withUnsafeBufferPointer { source in
            Self.boxResample(width: width, height: height, to: max(1, targetWidth), max(1, targetHeight)) { y, row in
                Self.luminance(of: source.baseAddress! + y * width * channels, count: width, channels: channels, background: back, into: row)
            }
        }
        self.init(unchecked: max(1, targetWidth), max(1, targetHeight), values)
    }

    /// One row of 8-bit pixels as luminance 0...1 (Rec. 709 luma; alpha blended over `background`, 0...255).
    @inline(__always)
    static func luminance(of source: UnsafePointer<UInt8>, count: Int, channels: Int, background: Float,
                          into target: UnsafeMutableBufferPointer<Float>) {
        let scale: Float = 1 / 255
        switch channels {
        case 1:
            for i in 0..<count { target[i] = Float(source[i]) * scale }
        case 2:
            for i in 0..<count {
                let alpha = Float(source[i * 2 + 1]) * scale
                target[i] = (Float(source[i * 2]) * alpha + background * (1 - alpha)) * scale
            }
        case 3:
            for i in 0..<count { target[i] = luma(source[i * 3], source[i * 3 + 1], source[i * 3 + 2]) * scale }
        default:
            for i in 0..<count {
                let alpha = Float(source[i * 4 + 3]) * scale
                target[i] = (luma(source[i * 4], source[i * 4 + 1], source[i * 4 + 2]) * alpha + background * (1 - alpha)) * scale
            }
        }
    }

    /// Box-filters a picture read row by row (`row(y, into:)` fills one source row) down or up
    /// to `targetWidth × targetHeight`. Each source row is read once: reduced to the target's
    /// columns, then added, weighted, to the target rows it falls in.
    static func boxResample(width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int,
                            row: (Int, UnsafeMutableBufferPointer<Float>) -> Void) -> [Float] {
        let columns = spans(from: width, to: targetWidth)
        let rows = spans(from: height, to: targetHeight)
        // For each source row, the target rows it adds to and with what weight.
        var contributions = [[(target: Int, weight: Float)]](repeating: [], count: height)
        for (ty, span) in rows.enumerated() {
            for (sy, weight) in span.weights { contributions[sy].append((ty, weight / span.total)) }
        }
        let columnStarts = columns.map { $0.weights.first?.0 ?? 0 }
        let columnWeights = columns.map { span in span.weights.map { $0.1 / span.total } }
        var result = [Float](repeating: 0, count: targetWidth * targetHeight)
        var line = [Float](repeating: 0, count: width)
        var reduced = [Float](repeating: 0, count: targetWidth)
        line.withUnsafeMutableBufferPointer { line in
            for sy in 0..<height where !contributions[sy].isEmpty {
                row(sy, line)
                for tx in 0..<targetWidth {
                    var sum: Float = 0
                    let start = columnStarts[tx]
                    for (offset, weight) in columnWeights[tx].enumerated() { sum += line[start + offset] * weight }
                    reduced[tx] = sum
                }
                for (ty, weight) in contributions[sy] {
                    let base = ty * targetWidth
                    for tx in 0..<targetWidth { result[base + tx] += reduced[tx] * weight }
                }
            }
        }
        for index in result.indices { result[index] = min(1, max(0, result[index])) }
        return result
    }

    /// Which source pixels (and how much of each) one target pixel covers along one axis:
    /// consecutive pixels from the first one's index.
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
