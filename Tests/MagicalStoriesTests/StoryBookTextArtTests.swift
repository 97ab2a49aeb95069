import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryProviders
import Testing

@Suite("HTML book: story new --text-art")
struct StoryBookTextArtTests {
    @Test("with text art each page's picture is drawn in the book as a Braille line drawing (no shade block), and no picture file is written")
    func textArtBook() async throws {
        let exporter = StoryBookExporter(writer: OfflineStoryWriter(), illustrator: OfflineIllustrator())
        let request = StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, pageCount: 3, seed: 3)
        let (story, pictures) = try await exporter.make(request)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let index = try exporter.export(story, pictures: pictures, to: directory, textArt: StoryBookExporter.textArtOptions)
        let html = try String(contentsOf: index, encoding: .utf8)
        let blocks = html.components(separatedBy: "<pre class=\"art\"").dropFirst()
        #expect(blocks.count == 3)
        for block in blocks {
            let art = try #require(block.split(separator: ">", maxSplits: 1).last?.components(separatedBy: "</pre>").first)
            let lines = art.split(separator: "\n")
            #expect(lines.count == 20 && lines.allSatisfy { $0.count == 60 })
            let used = Set(lines.joined().unicodeScalars)
            #expect(used.allSatisfy { (0x2800...0x28FF).contains($0.value) } && used.count >= 4)
            #expect(used.isDisjoint(with: Set("░▒▓█".unicodeScalars)))
        }
        #expect(!html.contains("<img"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["index.html"])

        let pictureBook = try exporter.export(story, pictures: pictures, to: directory)
        #expect(try String(contentsOf: pictureBook, encoding: .utf8).contains("<img src=\"page-01.png\""))
    }
}
