/// The Textify engine: a grayscale picture → sampled to the character grid → tone (levels,
/// contrast, gamma) → ink per sample → rounded (or dithered) to the palette → text art.
public struct Textifier: Sendable {
    public var options: TextArtOptions

    public init(options: TextArtOptions = TextArtOptions()) {
        self.options = options
    }

    /// The picture as text art of `options.columns` characters across.
    public func render(_ image: GrayImage) -> TextifiedImage {
        let palette = options.palette
        let columns = min(TextArtLayout.columnRange.upperBound, max(TextArtLayout.columnRange.lowerBound, options.columns))
        let rows = options.rows.map { min(TextArtLayout.maxRows, max(1, $0)) }
            ?? TextArtLayout.rows(columns: columns, imageWidth: image.width, imageHeight: image.height)
        let (across, down) = palette.samplesPerCharacter
        let samplesWide = columns * across
        let samplesHigh = rows * down
        let sampled = options.tone.apply(to: image.resampled(width: samplesWide, height: samplesHigh))
        let ink = options.invert ? sampled.pixels.map { 1 - $0 } : sampled.pixels
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

    /// The dot bit of each (row, column) in a Braille cell: dots 1–3 and 7 on the left,
    /// 4–6 and 8 on the right.
    static let brailleBits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
}

extension Textifier {
    /// The widest art of at most `options.columns` characters whose text (lines and line
    /// breaks) takes at most `maxCodePoints` code points; nil when even a narrow one does not fit.
    public func render(_ image: GrayImage, fitting maxCodePoints: Int) -> TextifiedImage? {
        guard let size = TextArtLayout.fitting(imageWidth: image.width, imageHeight: image.height,
                                               maxColumns: options.columns, maxCodePoints: maxCodePoints) else { return nil }
        var fitted = self
        fitted.options.columns = size.columns
        fitted.options.rows = size.rows
        return fitted.render(image)
    }
}
