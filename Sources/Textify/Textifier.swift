/// The Textify engine: a grayscale picture → sampled to the character grid → tone (levels,
/// contrast, gamma) → ink per sample → rounded (or dithered) to the palette → text art.
public struct Textifier: Sendable {
    public var options: TextArtOptions

    public init(options: TextArtOptions = TextArtOptions()) {
        self.options = options
    }

    /// The picture as text art of `options.columns` characters across.
    public func render(_ image: GrayImage) -> TextifiedImage {
        let (columns, rows) = size(imageWidth: image.width, imageHeight: image.height)
        let (across, down) = options.palette.samplesPerCharacter
        return draw(image.resampled(width: columns * across, height: rows * down), columns: columns, rows: rows)
    }

    /// Text art of 8-bit interleaved pixels (1 gray, 2 gray and alpha, 3 RGB, 4 RGBA), sampled
    /// straight from them without a full-size grayscale copy; nil when the sizes disagree.
    public func render(width: Int, height: Int, channels: Int, bytes: [UInt8]) -> TextifiedImage? {
        let (columns, rows) = size(imageWidth: width, imageHeight: height)
        let (across, down) = options.palette.samplesPerCharacter
        guard let sampled = GrayImage(width: width, height: height, channels: channels, bytes: bytes,
                                      sampledTo: columns * across, rows * down) else { return nil }
        return draw(sampled, columns: columns, rows: rows)
    }

    /// Characters across and lines for a picture of this size.
    func size(imageWidth: Int, imageHeight: Int) -> (columns: Int, rows: Int) {
        let columns = min(TextArtLayout.columnRange.upperBound, max(TextArtLayout.columnRange.lowerBound, options.columns))
        let rows = options.rows.map { min(TextArtLayout.maxRows, max(1, $0)) }
            ?? TextArtLayout.rows(columns: columns, imageWidth: imageWidth, imageHeight: imageHeight)
        return (columns, rows)
    }

    /// The characters for a picture already sampled to the grid (one sample per character, or
    /// per Braille dot).
    func draw(_ grid: GrayImage, columns: Int, rows: Int) -> TextifiedImage {
        let palette = options.palette
        let samplesWide = grid.width, samplesHigh = grid.height
        let ink: [Float]
        if options.outline {
            ink = Self.edges(grid)
        } else {
            let sampled = options.tone.apply(to: grid)
            ink = options.invert ? sampled.pixels.map { 1 - $0 } : sampled.pixels
        }
        if palette == .shapes {
            let lines = GlyphMatcher.dejaVuSansMono.match(ink, columns: columns, rows: rows, dither: options.dither)
            return TextifiedImage(lines: lines.map { String(String.UnicodeScalarView($0)) }, columns: columns, palette: palette)
        }
        let ramp = palette.ramp
        let levels = ErrorDiffusion.quantize(ink, width: samplesWide, height: samplesHigh, levels: ramp.count,
                                             dither: options.dither)
        var lines: [String] = []
        lines.reserveCapacity(rows)
        if palette == .braille {
            for row in 0..<rows {
                var line = String.UnicodeScalarView()
                for column in 0..<columns {
                    var bits: UInt32 = 0
                    for dy in 0..<4 {
                        let base = (row * 4 + dy) * samplesWide + column * 2
                        if levels[base] > 0 { bits |= Self.brailleBits[dy][0] }
                        if levels[base + 1] > 0 { bits |= Self.brailleBits[dy][1] }
                    }
                    line.append(Unicode.Scalar(0x2800 + bits)!)
                }
                lines.append(String(line))
            }
        } else {
            let scalars = ramp.map { $0.unicodeScalars.first! }
            for row in 0..<rows {
                var line = String.UnicodeScalarView()
                for column in 0..<columns { line.append(scalars[levels[row * columns + column]]) }
                lines.append(String(line))
            }
        }
        return TextifiedImage(lines: lines, columns: columns, palette: palette)
    }

    /// Ink for a line drawing: how strongly the shade changes at each sample (a Sobel gradient),
    /// scaled so the picture's clear edges (the 90th percentile of those that change at all) are
    /// full ink and soft gradients none.
    static func edges(_ image: GrayImage) -> [Float] {
        let width = image.width, height = image.height
        let pixels = image.pixels
        func at(_ x: Int, _ y: Int) -> Float {
            pixels[min(height - 1, max(0, y)) * width + min(width - 1, max(0, x))]
        }
        var magnitude = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let gx = (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1)) - (at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1))
                let gy = (at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1)) - (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1))
                magnitude[y * width + x] = (gx * gx + gy * gy).squareRoot()
            }
        }
        // Changes smaller than this are shading, not an edge.
        let floor: Float = 0.12
        let strong = magnitude.filter { $0 > floor }.sorted()
        guard !strong.isEmpty else { return magnitude.map { _ in 0 } }
        let clear = max(strong[min(strong.count - 1, strong.count * 9 / 10)], floor * 2)
        return magnitude.map { $0 <= floor ? 0 : min(1, ($0 - floor) / (clear - floor)) }
    }

    /// The dot bit of each (row, column) in a Braille cell: dots 1–3 and 7 on the left,
    /// 4–6 and 8 on the right.
    static let brailleBits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
}

extension Textifier {
    /// The widest art of at most `options.columns` characters whose text (lines and line
    /// breaks) takes at most `maxCodePoints` code points; nil when even a narrow one does not fit.
    public func render(_ image: GrayImage, fitting maxCodePoints: Int) -> TextifiedImage? {
        fitted(imageWidth: image.width, imageHeight: image.height, maxCodePoints: maxCodePoints)?.render(image)
    }

    /// As ``render(_:fitting:)``, from 8-bit interleaved pixels.
    public func render(width: Int, height: Int, channels: Int, bytes: [UInt8], fitting maxCodePoints: Int) -> TextifiedImage? {
        fitted(imageWidth: width, imageHeight: height, maxCodePoints: maxCodePoints)?
            .render(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// This textifier with the width and lines that fit `maxCodePoints`, or nil.
    func fitted(imageWidth: Int, imageHeight: Int, maxCodePoints: Int) -> Textifier? {
        guard let size = TextArtLayout.fitting(imageWidth: imageWidth, imageHeight: imageHeight,
                                               maxColumns: options.columns, maxCodePoints: maxCodePoints) else { return nil }
        var fitted = self
        fitted.options.columns = size.columns
        fitted.options.rows = size.rows
        return fitted
    }
}
