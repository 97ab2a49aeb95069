/// Shape-matched text art: for each character cell of a picture, the glyph whose ink looks most
/// like the cell's, as chafa matches its symbols to each cell's shape. Each cell is
/// `across × down` samples of ink (0…1); each glyph's coverage from the real font is averaged to
/// the same samples.
/// - A cell with an edge in it (its samples differ by more than ``edgeContrast``) gets the glyph
///   whose ink lies where the cell's does: the best correlation of the two shapes (each less its
///   mean), less a penalty for a glyph much lighter or darker than the cell. Punctuation is
///   preferred to letters and digits, which read as words rather than lines.
/// - A flat cell gets the tone glyph (``toneGlyphs``) whose ink is nearest the cell's.
struct GlyphMatcher: Sendable {
    let across: Int
    let down: Int
    /// The glyphs, in the table's order.
    let scalars: [Unicode.Scalar]
    /// Each glyph's coverage at the samples less its mean, scaled to length 1 (zero for a glyph
    /// without ink): glyph after glyph, `across × down` samples each in ``chunks`` of 8.
    let shapes: [SIMD8<Float>]
    /// SIMD chunks of 8 samples per cell (the last one padded with zeros).
    let chunks: Int
    /// Each glyph's mean coverage, as a share of the densest tone glyph's (so 0…about 1).
    let tones: [Float]
    /// What choosing each glyph for an edge costs besides its shape and tone.
    let penalties: [Float]
    /// The tone glyphs (indices into `scalars`) from the least ink to the most.
    let toneRamp: [Int]
    /// The glyphs from the least ink to the most (the palette's tones).
    let rampByInk: [Character]

    /// Glyphs for flat areas: the classic ramp, each placed by its real ink.
    static let toneGlyphs: [Character] = Array(" .:-=+*#%@")
    /// A cell is drawn by its shape when its inkiest and lightest samples differ by at least this.
    static let edgeContrast: Float = 0.35
    /// How much a tone mismatch weighs against the shape (1 − correlation, 0…2).
    static let toneWeight: Float = 1.5
    /// The extra cost of a letter or digit on an edge.
    static let letterPenalty: Float = 0.1

    init(coverage: GlyphCoverage, across: Int, down: Int) {
        self.across = across
        self.down = down
        let glyphs = coverage.glyphs.filter { $0.character.unicodeScalars.count == 1 }
        scalars = glyphs.map { $0.character.unicodeScalars.first! }
        let sampled = glyphs.map { coverage.coverage(of: $0, across: across, down: down) }
        let means = sampled.map { $0.reduce(0, +) / Float(max(1, $0.count)) }
        let toneIndices = Self.toneGlyphs.compactMap { tone in glyphs.firstIndex { $0.character == tone } }
        let fullInk = max(1e-3, toneIndices.map { means[$0] }.max() ?? 1)
        tones = means.map { $0 / fullInk }
        let chunks = (across * down + 7) / 8
        self.chunks = chunks
        shapes = zip(sampled, means).flatMap { values, mean in
            let centred = values.map { $0 - mean }
            let length = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
            let unit = length > 1e-6 ? centred.map { $0 / length } : centred.map { _ in 0 }
            return Self.chunked(unit, chunks: chunks)
        }
        penalties = glyphs.map { $0.character.isLetter || $0.character.isNumber ? Self.letterPenalty : 0 }
        toneRamp = toneIndices.sorted { means[$0] < means[$1] }
        rampByInk = zip(glyphs, means).sorted { $0.1 < $1.1 }.map(\.0.character)
    }

    /// DejaVu Sans Mono's printable ASCII, 4 × 8 samples per cell.
    static let dejaVuSansMono = GlyphMatcher(coverage: .dejaVuSansMono, across: 4, down: 8)

    /// One glyph per cell of `ink` (`columns × across` by `rows × down` samples, row by row).
    /// With `dither`, each cell's error in tone (its mean ink against its glyph's) is spread onto
    /// the cells not yet drawn (Floyd–Steinberg), so smooth shading shows as a mix of glyphs.
    func match(_ ink: [Float], columns: Int, rows: Int, dither: Bool) -> [[Unicode.Scalar]] {
        let samples = across * down
        let stride = columns * across
        var carry = [Float](repeating: 0, count: dither ? columns * (rows + 1) + 2 : 0)
        var cell = [Float](repeating: 0, count: samples)
        var lines: [[Unicode.Scalar]] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var line: [Unicode.Scalar] = []
            line.reserveCapacity(columns)
            for column in 0..<columns {
                let shift = dither ? carry[row * columns + column] : 0
                var sum: Float = 0, low: Float = 1, high: Float = 0
                for dy in 0..<down {
                    let base = (row * down + dy) * stride + column * across
                    for dx in 0..<across {
                        let value = min(1, max(0, ink[base + dx] + shift))
                        cell[dy * across + dx] = value
                        sum += value
                        low = min(low, value)
                        high = max(high, value)
                    }
                }
                let mean = sum / Float(samples)
                let glyph = high - low >= Self.edgeContrast ? shapeGlyph(cell, mean: mean) : toneGlyph(mean)
                line.append(scalars[glyph])
                if dither { Self.diffuse(mean - tones[glyph], into: &carry, column: column, row: row, columns: columns) }
            }
            lines.append(line)
        }
        return lines
    }

    /// The tone glyph whose ink is nearest `mean`.
    func toneGlyph(_ mean: Float) -> Int {
        var best = toneRamp[0]
        var bestDistance = Float.infinity
        for glyph in toneRamp {
            let distance = abs(tones[glyph] - mean)
            if distance < bestDistance {
                bestDistance = distance
                best = glyph
            }
        }
        return best
    }

    /// The glyph whose shape correlates best with the cell's, weighed with their tones.
    func shapeGlyph(_ cell: [Float], mean: Float) -> Int {
        var length: Float = 0
        for value in cell { length += (value - mean) * (value - mean) }
        let scale = 1 / max(1e-6, length.squareRoot())
        let cellChunks = Self.chunked(cell, chunks: chunks)
        var best = 0
        var bestScore = Float.infinity
        shapes.withUnsafeBufferPointer { shapes in
            tones.withUnsafeBufferPointer { tones in
                penalties.withUnsafeBufferPointer { penalties in
                    for glyph in 0..<tones.count {
                        let offset = glyph * chunks
                        var dot = SIMD8<Float>()
                        for chunk in 0..<chunks { dot += cellChunks[chunk] * shapes[offset + chunk] }
                        // The glyph's shape sums to zero, so the cell's mean drops out of the dot product.
                        let toneGap = tones[glyph] - mean
                        let score = 1 - dot.sum() * scale + Self.toneWeight * toneGap * toneGap + penalties[glyph]
                        if score < bestScore {
                            bestScore = score
                            best = glyph
                        }
                    }
                }
            }
        }
        return best
    }

    /// Values in SIMD chunks of 8, the last one padded with zeros.
    static func chunked(_ values: [Float], chunks: Int) -> [SIMD8<Float>] {
        (0..<chunks).map { chunk in
            var vector = SIMD8<Float>()
            for lane in 0..<8 where chunk * 8 + lane < values.count { vector[lane] = values[chunk * 8 + lane] }
            return vector
        }
    }

    /// Floyd–Steinberg on the cell grid: 7/16 right, 3/16 below left, 5/16 below, 1/16 below right.
    private static func diffuse(_ error: Float, into carry: inout [Float], column: Int, row: Int, columns: Int) {
        guard error != 0 else { return }
        let index = row * columns + column
        if column + 1 < columns { carry[index + 1] += error * 7 / 16 }
        if column > 0 { carry[index + columns - 1] += error * 3 / 16 }
        carry[index + columns] += error * 5 / 16
        if column + 1 < columns { carry[index + columns + 1] += error * 1 / 16 }
    }
}
