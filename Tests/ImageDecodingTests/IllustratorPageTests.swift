import Foundation
import StoryDomain
import StoryProviders
import Testing
import Textify
@testable import ImageDecoding

@Suite("Text art of a real page of the built-in illustrator")
struct IllustratorPageTests {
    static func page(_ time: TimeOfDay) async throws -> (png: [UInt8], pixels: OfflineIllustrator.Pixels) {
        let request = StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, pageCount: 3, seed: 7)
        let story = try await OfflineStoryWriter().write(request)
        var page = story.pages[0]
        page.scene.timeOfDay = time
        let illustration = IllustrationRequest(title: story.title, sheet: story.sheet, page: page, pageNumber: 1, pageCount: 3,
                                               previous: nil, seed: 7)
        let illustrator = OfflineIllustrator()
        return (Array(try illustrator.renderPNG(illustration)), try illustrator.renderPixels(illustration))
    }

    @Test("The PNG decodes to exactly the pixels the illustrator painted")
    func decodesExactly() async throws {
        let (png, pixels) = try await Self.page(.afternoon)
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.width == pixels.width && decoded.height == pixels.height)
        let rgb = stride(from: 0, to: pixels.rgba.count, by: 4).flatMap { pixels.rgba[$0..<($0 + 3)] }
        let decodedRGB = decoded.channels == 4
            ? stride(from: 0, to: decoded.bytes.count, by: 4).flatMap { decoded.bytes[$0..<($0 + 3)] } : decoded.bytes
        #expect(decodedRGB == rgb)
    }

    @Test("The art stays recognisable: varied, and its brightest and darkest cells where the picture's are",
          arguments: TextArtPalette.allCases)
    func recognisable(palette: TextArtPalette) async throws {
        let (png, pixels) = try await Self.page(.afternoon)
        let options = TextArtOptions(columns: 60, palette: palette)
        let art = try PictureTextifier.textArt(of: png, options: options)
        #expect(art.columns == 60 && art.rows == 20)
        #expect(Set(art.lines.joined()).count >= (palette == .braille ? 12 : 4), "the art is not uniform")

        // The brightness of each cell, straight from the painted pixels.
        let cellWidth = Double(pixels.width) / 60, cellHeight = Double(pixels.height) / 20
        var cells: [(brightness: Double, row: Int, column: Int)] = []
        for row in 0..<20 {
            for column in 0..<60 {
                var sum = 0.0, count = 0.0
                for y in Int(Double(row) * cellHeight)..<Int(Double(row + 1) * cellHeight) {
                    for x in Int(Double(column) * cellWidth)..<Int(Double(column + 1) * cellWidth) {
                        let i = (y * pixels.width + x) * 4
                        sum += 0.2126 * Double(pixels.rgba[i]) + 0.7152 * Double(pixels.rgba[i + 1]) + 0.0722 * Double(pixels.rgba[i + 2])
                        count += 1
                    }
                }
                cells.append((sum / count / 255, row, column))
            }
        }
        cells.sort { $0.brightness < $1.brightness }
        let ink = { (row: Int, column: Int) -> Double in
            let character = Array(art.lines[row].unicodeScalars)[column]
            if palette == .braille { return Double((character.value - 0x2800).nonzeroBitCount) / 8 }
            return Double(palette.ramp.firstIndex(of: Character(character))!) / Double(palette.ramp.count - 1)
        }
        let darkest = cells.prefix(60).map { ink($0.row, $0.column) }
        let brightest = cells.suffix(60).map { ink($0.row, $0.column) }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        // Bright parts are dense (light text on a dark chat), dark parts sparse.
        #expect(mean(brightest) > mean(darkest) + 0.3, "\(palette): brightest \(mean(brightest)), darkest \(mean(darkest))")
    }

    @Test("A night page has less light in it than an afternoon page")
    func nightAndDay() async throws {
        let options = TextArtOptions(columns: 60, palette: .blocks)
        let ramp = TextArtPalette.blocks.ramp
        func light(_ time: TimeOfDay) async throws -> Double {
            let art = try PictureTextifier.textArt(of: try await Self.page(time).png, options: options)
            let levels = art.lines.joined().map { Double(ramp.firstIndex(of: $0)!) }
            return levels.reduce(0, +) / Double(levels.count)
        }
        let night = try await light(.night), afternoon = try await light(.afternoon)
        #expect(night + 0.5 < afternoon, "night \(night), afternoon \(afternoon)")
    }
}
