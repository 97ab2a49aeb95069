/// How luminance is shaped before it becomes characters: levels, equalization, contrast and gamma.
public struct ToneAdjustment: Sendable, Equatable {
    /// Stretches the picture's darkest and lightest values to black and white first.
    public var autoLevels: Bool
    /// 0…1: how far tones are spread evenly over the range (histogram equalization) after the
    /// levels. Storybook pictures are mostly soft middle tones; spreading them gives every
    /// character of the palette its share, so figures stand out from sky and grass.
    public var equalization: Float
    /// 1 leaves values alone; above 1 pushes them away from mid-gray, below 1 towards it.
    public var contrast: Float
    /// 1 leaves values alone; above 1 lightens the middle tones, below 1 darkens them
    /// (each value becomes `value^(1/gamma)`).
    public var gamma: Float

    public init(autoLevels: Bool = false, equalization: Float = 0, contrast: Float = 1, gamma: Float = 1) {
        self.autoLevels = autoLevels
        self.equalization = equalization
        self.contrast = contrast
        self.gamma = gamma
    }

    /// No change at all.
    public static let none = ToneAdjustment()

    /// Whether applying it changes nothing.
    public var isIdentity: Bool { !autoLevels && !(equalization > 0) && contrast == 1 && gamma == 1 }

    /// The adjusted picture.
    public func apply(to image: GrayImage) -> GrayImage {
        guard !isIdentity else { return image }
        var values = image.pixels
        if autoLevels, let low = values.min(), let high = values.max(), high - low > 1e-3 {
            let scale = 1 / (high - low)
            for index in values.indices { values[index] = (values[index] - low) * scale }
        }
        if equalization > 0 { Self.equalize(&values, strength: min(1, equalization)) }
        let contrast = contrast.isFinite ? max(0, contrast) : 1
        let exponent = gamma.isFinite && gamma > 0 ? 1 / gamma : 1
        for index in values.indices {
            var value = values[index]
            if contrast != 1 { value = (value - 0.5) * contrast + 0.5 }
            value = min(1, max(0, value))
            if exponent != 1 { value = Float(PowerFunction.power(Double(value), Double(exponent))) }
            values[index] = value
        }
        return GrayImage(unchecked: image.width, image.height, values)
    }
}

extension ToneAdjustment {
    /// Blends each value with its rank among all values (the histogram's cumulative share).
    static func equalize(_ values: inout [Float], strength: Float) {
        let bins = 256
        var histogram = [Int](repeating: 0, count: bins)
        for value in values { histogram[min(bins - 1, max(0, Int(value * Float(bins - 1) + 0.5)))] += 1 }
        var cumulative = [Float](repeating: 0, count: bins)
        var running = 0
        let first = histogram.first { $0 > 0 } ?? 0
        // One tone only: nothing to spread.
        guard first < values.count else { return }
        let spread = Float(max(1, values.count - first))
        for bin in 0..<bins {
            running += histogram[bin]
            cumulative[bin] = Float(max(0, running - first)) / spread
        }
        for index in values.indices {
            let value = values[index]
            let ranked = cumulative[min(bins - 1, max(0, Int(value * Float(bins - 1) + 0.5)))]
            values[index] = value + (ranked - value) * strength
        }
    }
}

/// `x^y` for `x` in 0...1 without Foundation or the C library: `2^(y·log2 x)` from short series.
enum PowerFunction {
    static func power(_ base: Double, _ exponent: Double) -> Double {
        guard base > 0 else { return exponent > 0 ? 0 : 1 }
        guard base != 1, exponent != 0 else { return 1 }
        return exp2(exponent * log2(base))
    }

    /// log2 of a positive, finite number: its binary exponent plus ln(significand)/ln 2,
    /// ln m = 2·atanh((m−1)/(m+1)) summed as a series (converges fast for m in 1..<2).
    static func log2(_ value: Double) -> Double {
        let exponent = Double(value.exponent)
        let significand = value.significand
        let s = (significand - 1) / (significand + 1)
        let s2 = s * s
        var term = s
        var sum = 0.0
        var k = 1.0
        while k < 40 {
            sum += term / k
            term *= s2
            k += 2
        }
        return exponent + 2 * sum / ln2
    }

    /// 2^value: the integer part exactly, the fraction with e^(f·ln 2) as a Taylor series.
    static func exp2(_ value: Double) -> Double {
        guard value > -1000 else { return 0 }
        guard value < 1000 else { return .infinity }
        let whole = value.rounded(.down)
        let fraction = (value - whole) * ln2
        var term = 1.0
        var sum = 1.0
        for n in 1...20 {
            term *= fraction / Double(n)
            sum += term
        }
        return Double(sign: .plus, exponent: Int(whole), significand: sum)
    }

    static let ln2 = 0.693_147_180_559_945_3
}
