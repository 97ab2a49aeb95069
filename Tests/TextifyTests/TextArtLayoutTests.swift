import Testing
@testable import Textify

@Suite("Textify: sizes that fit a chat message and a phone")
struct TextArtLayoutTests {
    /// Picture shapes: the built-in illustrator's 3:2, square model pictures, portrait, a panorama.
    static let shapes: [(Int, Int)] = [(768, 512), (1024, 1024), (512, 768), (2000, 100), (64, 4096)]

    @Test("Lines follow the picture's shape with cells twice as tall as wide")
    func rows() {
        #expect(TextArtLayout.rows(columns: 60, imageWidth: 768, imageHeight: 512) == 20)
        #expect(TextArtLayout.rows(columns: 40, imageWidth: 1024, imageHeight: 1024) == 20)
        #expect(TextArtLayout.rows(columns: 10, imageWidth: 2000, imageHeight: 100) == 1)
    }

    @Test("Every palette, every shape: the fenced art fits 2,000 code points and a phone's 40 columns",
          arguments: TextArtPalette.allCases)
    func fitsAChatMessage(palette: TextArtPalette) throws {
        for (width, height) in Self.shapes {
            let image = try #require(GrayImage(width: width, height: height) { x, y in Float((x ^ y) & 1) })
            for maxColumns in [TextArtLayout.phoneColumns, 60, 120] {
                let textifier = Textifier(options: TextArtOptions(columns: maxColumns, palette: palette, dither: true))
                let budget = TextArtLayout.chatMessageLimit - TextArtLayout.fenceCodePoints
                guard let art = textifier.render(image, fitting: budget) else {
                    // Only a picture far taller than wide may not fit even at 12 columns.
                    #expect(height > width * 20, "\(width)×\(height) at \(maxColumns)")
                    continue
                }
                #expect(art.codeBlock.unicodeScalars.count <= TextArtLayout.chatMessageLimit)
                #expect(art.codeBlock.unicodeScalars.count == art.codePointCount + TextArtLayout.fenceCodePoints)
                #expect(art.columns <= maxColumns)
                #expect(art.lines.allSatisfy { $0.unicodeScalars.count == art.columns })
                #expect(art.codeBlock.hasPrefix("```\n") && art.codeBlock.hasSuffix("\n```"))
            }
        }
    }

    @Test("A page of the built-in illustrator's shape gets the full phone width and 60 columns in a message")
    func storybookPageSizes() throws {
        let page = try #require(TextArtLayout.fitting(imageWidth: 768, imageHeight: 512, maxColumns: 40, maxCodePoints: 1992))
        #expect(page.columns == 40 && page.rows == 13)
        let wide = try #require(TextArtLayout.fitting(imageWidth: 768, imageHeight: 512, maxColumns: 60, maxCodePoints: 1992))
        #expect(wide.columns == 60 && wide.rows == 20)
        // A budget shared with the page's text shrinks the art instead of overflowing.
        let shared = try #require(TextArtLayout.fitting(imageWidth: 768, imageHeight: 512, maxColumns: 60, maxCodePoints: 700))
        #expect(TextArtLayout.codePoints(columns: shared.columns, rows: shared.rows) <= 700)
        #expect(shared.columns < 60)
        #expect(TextArtLayout.fitting(imageWidth: 768, imageHeight: 512, maxColumns: 60, maxCodePoints: 20) == nil)
    }
}
