/// Rounds a grid of values to a few evenly spaced levels, either to the nearest level or with
/// Floyd–Steinberg error diffusion (7/16 right, 3/16 below left, 5/16 below, 1/16 below right).
enum ErrorDiffusion {
    /// Level indices `0..<levels` for `values` (0...1) on a `width × height` grid.
    static func quantize(_ values: [Float], width: Int, height: Int, levels: Int, dither: Bool) -> [Int] {
        let top = Float(max(1, levels - 1))
        guard dither else {
            return values.map { Int(min(top, max(0, ($0 * top).rounded()))) }
        }
        var work = values
        var result = [Int](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let value = work[index]
                let level = min(top, max(0, (value * top).rounded()))
                result[index] = Int(level)
                let error = value - level / top
                guard error != 0 else { continue }
                if x + 1 < width { work[index + 1] += error * 7 / 16 }
                if y + 1 < height {
                    if x > 0 { work[index + width - 1] += error * 3 / 16 }
                    work[index + width] += error * 5 / 16
                    if x + 1 < width { work[index + width + 1] += error * 1 / 16 }
                }
            }
        }
        return result
    }
}
