import StoryDomain

/// A colour with components in 0...1, used while painting.
struct PaintColor: Sendable, Equatable {
    var r: Double
    var g: Double
    var b: Double

    init(_ r: Double, _ g: Double, _ b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// The exact sheet colour (8-bit values survive the round trip through Cairo unchanged).
    init(_ rgb: RGB) {
        self.init(Double(rgb.red) / 255, Double(rgb.green) / 255, Double(rgb.blue) / 255)
    }

    /// Linear blend towards `other` by `amount` (0 = self, 1 = other).
    func mixed(with other: PaintColor, _ amount: Double) -> PaintColor {
        PaintColor(r + (other.r - r) * amount, g + (other.g - g) * amount, b + (other.b - b) * amount)
    }

    func lighter(_ amount: Double) -> PaintColor { mixed(with: .white, amount) }
    func darker(_ amount: Double) -> PaintColor { mixed(with: .black, amount) }

    var luminance: Double { 0.2126 * r + 0.7152 * g + 0.0722 * b }

    static let white = PaintColor(1, 1, 1)
    static let black = PaintColor(0, 0, 0)
    static let ink = PaintColor(0.16, 0.12, 0.14)
    static let cheek = PaintColor(1.0, 0.45, 0.5)
}
