/// How much of a character cell each glyph of a font inks, pixel by pixel: what shape-matched
/// text art (``TextArtPalette/shapes``) compares each cell of a picture with, as chafa does.
/// The tables are rendered from the real font once and committed
/// (`scripts/textart/generate-glyph-coverage.sh`).
public struct GlyphCoverage: Sendable {
    /// One character and its ink: `width × height` values row by row, 0 (none) … 1 (full).
    public struct Glyph: Sendable, Equatable {
        public let character: Character
        public let coverage: [Float]

        /// The share of the cell it inks, 0…1.
        public var meanCoverage: Float { coverage.reduce(0, +) / Float(max(1, coverage.count)) }
    }

    public let fontName: String
    /// Pixels across and down one character cell.
    public let width: Int
    public let height: Int
    public let glyphs: [Glyph]

    /// A table from the generator: each character with its ink as hex digits (0 none … f full),
    /// `width × height` of them row by row; spaces between digits are ignored.
    init(fontName: String, width: Int, height: Int, table: [(String, String)]) {
        self.fontName = fontName
        self.width = width
        self.height = height
        glyphs = table.map { character, digits in
            let coverage = digits.unicodeScalars.compactMap { scalar -> Float? in
                guard let value = Int(String(scalar), radix: 16) else { return nil }
                return Float(value) / 15
            }
            precondition(coverage.count == width * height, "glyph \(character): \(coverage.count) values, not \(width * height)")
            return Glyph(character: Character(character), coverage: coverage)
        }
    }

    /// The glyph's ink averaged down to `across × down` samples (each the mean of the pixels it
    /// covers; the sizes need not divide evenly).
    func coverage(of glyph: Glyph, across: Int, down: Int) -> [Float] {
        var result = [Float](repeating: 0, count: across * down)
        for sy in 0..<down {
            let y0 = sy * height / down, y1 = max(y0 + 1, (sy + 1) * height / down)
            for sx in 0..<across {
                let x0 = sx * width / across, x1 = max(x0 + 1, (sx + 1) * width / across)
                var sum: Float = 0
                for y in y0..<y1 {
                    for x in x0..<x1 { sum += glyph.coverage[y * width + x] }
                }
                result[sy * across + sx] = sum / Float((y1 - y0) * (x1 - x0))
            }
        }
        return result
    }
}
