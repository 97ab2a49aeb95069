import Testing
@testable import Textify

@Suite("Textify: pictures made in the test become exact text art")
struct TextifierTests {
    @Test("A gradient walks the ASCII ramp from empty to dense, and back when inverted")
    func asciiGradient() {
        let gradient = TestPictures.horizontalGradient(width: 10, height: 2)
        let art = Textifier(options: TextArtOptions(columns: 10, rows: 1)).render(gradient)
        #expect(art.lines == [" .:-=+*#%@"])
        let inverted = Textifier(options: TextArtOptions(columns: 10, rows: 1, invert: true)).render(gradient)
        #expect(inverted.lines == ["@%#*+=-:. "])
    }

    @Test("A gradient walks the shade blocks")
    func blocksGradient() {
        let gradient = TestPictures.horizontalGradient(width: 5, height: 1)
        let art = Textifier(options: TextArtOptions(columns: 5, rows: 2, palette: .blocks)).render(gradient)
        #expect(art.lines == [" ░▒▓█", " ░▒▓█"])
        #expect(art.codePointCount == 11)
    }

    @Test("A black square on white, in ASCII: light parts dense, or dark parts dense when inverted")
    func squareASCII() {
        let square = TestPictures.square(size: 16, squareRange: 4..<12)
        // 8 columns of 2 pixels; 4 lines (cells twice as tall as wide) of 4 pixels.
        let art = Textifier(options: TextArtOptions(columns: 8)).render(square)
        #expect(art.lines == [
            "@@@@@@@@",
            "@@    @@",
            "@@    @@",
            "@@@@@@@@",
        ])
        let inverted = Textifier(options: TextArtOptions(columns: 8, invert: true)).render(square)
        #expect(inverted.lines == [
            "        ",
            "  @@@@  ",
            "  @@@@  ",
            "        ",
        ])
    }

    @Test("A line drawing inks the square's outline only, and is the same for a white square on black")
    func outlineIgnoresPolarity() {
        let square = TestPictures.square(size: 32, squareRange: 8..<24)
        let negative = GrayImage(width: 32, height: 32, pixels: square.pixels.map { 1 - $0 })!
        for palette in TextArtPalette.allCases {
            let options = TextArtOptions.lineDrawing(columns: 16, palette: palette)
            let art = Textifier(options: options).render(square)
            #expect(art.lines == Textifier(options: options).render(negative).lines, "\(palette)")
            let blank = palette.ramp[0]
            let cells = art.lines.map(Array.init)
            #expect(cells.count == 8)
            // Paper and the square's middle are empty; its edges are drawn.
            #expect(cells[0][0] == blank && cells[7][15] == blank && cells[4][8] == blank, "\(palette): \(art.lines)")
            #expect(cells[2][8] != blank && cells[4][4] != blank && cells[4][11] != blank, "\(palette): \(art.lines)")
        }
    }

    @Test("A line drawing leaves flat paper and a soft gradient empty")
    func outlineSkipsShading() {
        let flat = GrayImage(width: 64, height: 32, shade: 0.7)!
        let soft = GrayImage(width: 64, height: 32) { x, _ in 0.4 + 0.2 * Float(x) / 64 }!
        for picture in [flat, soft] {
            let art = Textifier(options: .lineDrawing(columns: 16, palette: .ascii)).render(picture)
            #expect(art.lines.joined().allSatisfy { $0 == " " }, "\(art.lines)")
        }
    }

    @Test("A black square in Braille: whole cells and half-covered cells set exactly their dots")
    func squareBraille() {
        let empty = "\u{2800}", full = "\u{28FF}"
        let aligned = Textifier(options: TextArtOptions(columns: 8, palette: .braille, invert: true))
            .render(TestPictures.square(size: 16, squareRange: 4..<12))
        let outside = String(repeating: empty, count: 8)
        let inside = empty + empty + String(repeating: full, count: 4) + empty + empty
        #expect(aligned.lines == [outside, inside, inside, outside])

        // Pixels 3..<13 on both axes: cells 1 and 6 hold the square's edges in one dot column,
        // lines 0 and 3 in one dot row (the last and the first).
        let offset = Textifier(options: TextArtOptions(columns: 8, palette: .braille, invert: true))
            .render(TestPictures.square(size: 16, squareRange: 3..<13))
        func cell(_ bits: UInt32) -> String { String(Unicode.Scalar(0x2800 + bits)!) }
        // Dot bits: left column rows 0–3 = 0x01 0x02 0x04 0x40, right column = 0x08 0x10 0x20 0x80.
        let topEdge = empty + cell(0x80) + String(repeating: cell(0x40 | 0x80), count: 4) + cell(0x40) + empty
        let middle = empty + cell(0x08 | 0x10 | 0x20 | 0x80) + String(repeating: full, count: 4)
            + cell(0x01 | 0x02 | 0x04 | 0x40) + empty
        let bottomEdge = empty + cell(0x08) + String(repeating: cell(0x01 | 0x08), count: 4) + cell(0x01) + empty
        #expect(offset.lines == [topEdge, middle, middle, bottomEdge])
        // Not inverted, the white paper is drawn and the square left empty.
        let paper = Textifier(options: TextArtOptions(columns: 8, palette: .braille))
            .render(TestPictures.square(size: 16, squareRange: 4..<12))
        #expect(paper.lines[1] == full + full + String(repeating: empty, count: 4) + full + full)
    }

    @Test("A circle stays round: the exact art, mirror-symmetric both ways")
    func circle() {
        let disk = TestPictures.disk(size: 40, radius: 15)
        let art = Textifier(options: TextArtOptions(columns: 20, invert: true)).render(disk)
        #expect(art.lines == [
            "                    ",
            "      -+####+-      ",
            "    *@@@@@@@@@@*    ",
            "   %@@@@@@@@@@@@%   ",
            "  +@@@@@@@@@@@@@@+  ",
            "  +@@@@@@@@@@@@@@+  ",
            "   %@@@@@@@@@@@@%   ",
            "    *@@@@@@@@@@*    ",
            "      -+####+-      ",
            "                    ",
        ])
        for line in art.lines { #expect(String(line.reversed()) == line) }
        #expect(Array(art.lines.reversed()) == art.lines)
        let blocks = Textifier(options: TextArtOptions(columns: 20, palette: .blocks, invert: true)).render(disk)
        #expect(blocks.lines[1...4] == ["      ▒▒▓▓▓▓▒▒      ", "    ▓██████████▓    ", "   ██████████████   ", "  ▒██████████████▒  "])
        let braille = Textifier(options: TextArtOptions(columns: 20, palette: .braille, invert: true)).render(disk)
        #expect(braille.lines[1...4] == ["⠀⠀⠀⠀⠀⠀⣠⣤⣶⣶⣶⣶⣤⣄⠀⠀⠀⠀⠀⠀", "⠀⠀⠀⠀⣴⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣦⠀⠀⠀⠀", "⠀⠀⠀⣾⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣷⠀⠀⠀",
                                  "⠀⠀⢸⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⡇⠀⠀"])
    }

    @Test("Every palette draws the same square in its own characters and nothing else")
    func everyPalette() {
        let square = TestPictures.square(size: 32, squareRange: 8..<24)
        for palette in TextArtPalette.allCases {
            let art = Textifier(options: TextArtOptions(columns: 16, palette: palette, invert: true)).render(square)
            #expect(art.rows == 8)
            #expect(art.lines.allSatisfy { $0.unicodeScalars.count == 16 })
            let used = Set(art.lines.joined())
            #expect(used.isSubset(of: Set(palette.ramp)), "\(palette) used \(used)")
            // The square's edges lie between cells: every cell is flat paper or flat ink.
            #expect(used.count == 2, "\(palette): ink and paper only")
            // The middle line crosses the square; the first line is paper only.
            #expect(art.lines[0] == String(repeating: palette.ramp[0], count: 16))
            // Shapes fill flat ink with the tone ramp's densest glyph, "@".
            #expect(art.lines[4].contains(palette == .shapes ? "@" : palette.ramp.last!))
        }
    }

    @Test("Floyd–Steinberg mixes neighbouring characters to keep the average tone")
    func dithering() {
        let gray = GrayImage(width: 40, height: 40, shade: 0.3)!
        let plain = Textifier(options: TextArtOptions(columns: 40, rows: 20)).render(gray)
        // 0.3 × 9 = 2.7: every cell rounds to level 3, "-", without dithering.
        #expect(Set(plain.lines.joined()) == ["-"])
        let dithered = Textifier(options: TextArtOptions(columns: 40, rows: 20, dither: true)).render(gray)
        let ramp = TextArtPalette.ascii.ramp
        let levels = dithered.lines.joined().map { ramp.firstIndex(of: $0)! }
        #expect(Set(levels) == [2, 3])
        let mean = Double(levels.reduce(0, +)) / Double(levels.count)
        #expect(abs(mean - 2.7) < 0.05)

        // Braille at mid-gray: about half the dots, where rounding alone sets all or none.
        let mid = GrayImage(width: 32, height: 32, shade: 0.5)!
        let braille = Textifier(options: TextArtOptions(columns: 16, rows: 8, palette: .braille, dither: true)).render(mid)
        let dots = braille.lines.joined().unicodeScalars.reduce(0) { $0 + ($1.value - 0x2800).nonzeroBitCount }
        #expect(abs(Double(dots) / Double(32 * 32) - 0.5) < 0.05)
        let darker = GrayImage(width: 32, height: 32, shade: 0.45)!
        let undithered = Textifier(options: TextArtOptions(columns: 16, rows: 8, palette: .braille)).render(darker)
        #expect(Set(undithered.lines.joined()) == ["\u{2800}"])
    }

    @Test("Nonsense sizes are clamped, never a crash")
    func clampedSizes() {
        let image = GrayImage(width: 3, height: 3, shade: 1)!
        #expect(Textifier(options: TextArtOptions(columns: 0)).render(image).columns == 1)
        #expect(Textifier(options: TextArtOptions(columns: 100_000, rows: 1)).render(image).columns == 400)
        #expect(Textifier(options: TextArtOptions(columns: 4, rows: -3)).render(image).rows == 1)
        let tall = GrayImage(width: 1, height: 4000, shade: 0)!
        #expect(Textifier(options: TextArtOptions(columns: 60)).render(tall).rows == TextArtLayout.maxRows)
        #expect(GrayImage(width: 0, height: 3, shade: 1) == nil)
        #expect(GrayImage(width: 2, height: 2, pixels: [0, 1, 0]) == nil)
    }
}

@Suite("Textify: pixels sampled straight to the grid")
struct DirectSamplingTests {
    @Test("Pixels sampled straight to the grid make the same art as a full grayscale copy", arguments: TextArtPalette.allCases)
    func sameArt(palette: TextArtPalette) throws {
        let width = 97, height = 61
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let inside = (x - 48) * (x - 48) + (y - 30) * (y - 30) < 400
                rgba += [UInt8(x * 2), inside ? 20 : UInt8(y * 4), UInt8((x + y) % 256), inside ? 255 : 128]
            }
        }
        let gray = try #require(GrayImage(width: width, height: height, channels: 4, bytes: rgba))
        for dither in [false, true] {
            let textifier = Textifier(options: TextArtOptions(columns: 23, palette: palette, dither: dither,
                                                              tone: ToneAdjustment(autoLevels: true, equalization: 0.8)))
            let direct = try #require(textifier.render(width: width, height: height, channels: 4, bytes: rgba))
            #expect(direct == textifier.render(gray))
            #expect(textifier.render(width: width, height: height, channels: 4, bytes: rgba, fitting: 200)
                    == textifier.render(gray, fitting: 200))
        }
        #expect(Textifier().render(width: 3, height: 3, channels: 3, bytes: [1, 2]) == nil)
    }
}
