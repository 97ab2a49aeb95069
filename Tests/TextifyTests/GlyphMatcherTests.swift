import Foundation
import Testing
@testable import Textify

@Suite("Textify: glyph coverage from DejaVu Sans Mono and shape-matched ASCII")
struct GlyphMatcherTests {
    static let matcher = GlyphMatcher.dejaVuSansMono

    /// One cell of ink (`across × down` samples), drawn by a function of the sample's position.
    static func cell(_ ink: (_ x: Int, _ y: Int) -> Float) -> [Float] {
        (0..<matcher.down).flatMap { y in (0..<matcher.across).map { x in ink(x, y) } }
    }

    static func glyph(_ ink: (_ x: Int, _ y: Int) -> Float) -> Character {
        Character(matcher.match(cell(ink), columns: 1, rows: 1, dither: false)[0][0])
    }

    @Test("The committed table is the generator's: every printable ASCII glyph, in order, on its 8 × 16 grid")
    func tableMatchesGenerator() throws {
        let table = GlyphCoverage.dejaVuSansMono
        #expect(table.fontName == "DejaVu Sans Mono")
        #expect(table.glyphs.map(\.character) == (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        #expect(table.glyphs.allSatisfy { $0.coverage.count == table.width * table.height })
        #expect(table.glyphs.allSatisfy { $0.coverage.allSatisfy { (0...1).contains($0) } })
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/textart/GlyphCoverageGenerator.swift")
        let source = try String(contentsOf: generator, encoding: .utf8)
        #expect(source.contains("let columns = \(table.width), rows = \(table.height)"))
        // The font's own shapes: a space is empty, '|' is a vertical stroke in the middle columns,
        // '_' ink lies on the bottom rows only, and '@' inks more than '.'.
        let glyphs = Dictionary(uniqueKeysWithValues: table.glyphs.map { ($0.character, $0) })
        #expect(glyphs[" "]?.meanCoverage == 0)
        let bar = try #require(glyphs["|"]).coverage
        let columnInk = (0..<table.width).map { x in (0..<table.height).reduce(Float(0)) { $0 + bar[$1 * table.width + x] } }
        #expect(columnInk[3] + columnInk[4] > 0.9 * columnInk.reduce(0, +))
        let underscore = try #require(glyphs["_"]).coverage
        #expect(underscore.prefix(table.width * (table.height - 3)).allSatisfy { $0 == 0 })
        #expect(try #require(glyphs["@"]).meanCoverage > 4 * (try #require(glyphs["."]).meanCoverage))
    }

    @Test("Synthetic cells get the glyph of their shape")
    func shapes() {
        #expect(Self.glyph { _, _ in 0 } == " ")
        #expect(["#", "@"].contains(Self.glyph { _, _ in 1 }))
        #expect(Self.glyph { x, _ in x == 1 || x == 2 ? 1 : 0 } == "|")
        #expect(Self.glyph { _, y in y == Self.matcher.down - 1 ? 1 : 0 } == "_")
        #expect(["-", "~", "="].contains(Self.glyph { _, y in y == Self.matcher.down / 2 ? 1 : 0 }))
        #expect(Self.glyph { x, y in abs((Self.matcher.across - 1 - x) * 2 - y) <= 1 ? 1 : 0 } == "/")
        #expect(Self.glyph { x, y in abs(x * 2 - y) <= 1 ? 1 : 0 } == "\\")
    }

    @Test("Flat cells get the tone ramp's glyphs, ordered by the font's real ink")
    func tones() {
        let ramp = Self.matcher.toneRamp.map { Self.matcher.tones[$0] }
        #expect(ramp == ramp.sorted() && ramp.first == 0 && ramp.last == 1)
        var previous: Float = -1
        for step in 0...10 {
            let shade = Float(step) / 10
            let glyph = Self.glyph { _, _ in shade }
            #expect(GlyphMatcher.toneGlyphs.contains(glyph), "\(shade): \(glyph)")
            let index = Self.matcher.scalars.firstIndex(of: glyph.unicodeScalars.first!)!
            #expect(Self.matcher.tones[index] >= previous, "darker glyph for more ink at \(shade)")
            previous = Self.matcher.tones[index]
        }
    }

    @Test("A picture's outlines become lines: a dark vertical stroke is a column of '|', a floor '_'")
    func pictureStrokes() throws {
        // 8 columns × 4 lines of 8 × 16 pixels, dark ink on white paper (inverted: dark is dense);
        // the stroke down the middle of the fourth column (a stroke on the border of two cells
        // has no ASCII glyph of its shape: no glyph inks the cell's edge).
        let stroke = try #require(GrayImage(width: 64, height: 64) { x, _ in (26..<30).contains(x) ? 0 : 1 })
        let art = Textifier(options: TextArtOptions(columns: 8, rows: 4, palette: .shapes, invert: true)).render(stroke)
        #expect(art.lines.allSatisfy { $0 == "   |    " }, "\(art.lines)")
        let floor = try #require(GrayImage(width: 64, height: 64) { _, y in (60..<64).contains(y) ? 0 : 1 })
        let ground = Textifier(options: TextArtOptions(columns: 8, rows: 4, palette: .shapes, invert: true)).render(floor)
        #expect(ground.lines.prefix(3).allSatisfy { $0 == "        " } && ground.lines[3] == "________", "\(ground.lines)")
    }

    @Test("Dithered shapes keep a flat shade's average tone with a mix of ramp glyphs")
    func dithering() throws {
        let gray = try #require(GrayImage(width: 160, height: 160, shade: 0.3))
        let art = Textifier(options: TextArtOptions(columns: 40, rows: 20, palette: .shapes, dither: true)).render(gray)
        let tones = art.lines.joined().map { glyph in
            Self.matcher.tones[Self.matcher.scalars.firstIndex(of: glyph.unicodeScalars.first!)!]
        }
        #expect(Set(art.lines.joined()).count >= 2)
        #expect(abs(tones.reduce(0, +) / Float(tones.count) - 0.3) < 0.03)
    }
}
