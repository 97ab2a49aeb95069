import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryProviders
import Testing

@Suite("HTML book: the pictures' alt text")
struct StoryBookAltTextTests {
    @Test("each picture's alt text (and each text-art label) tells the page's moment with the hero's name")
    func altTextTellsTheMoment() async throws {
        let exporter = StoryBookExporter(writer: OfflineStoryWriter(), illustrator: OfflineIllustrator())
        let request = StoryRequest(theme: "a sleepy dragon", heroName: "Mia", age: 5, pageCount: 3, seed: 3)
        let (story, pictures) = try await exporter.make(request)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let html = try String(contentsOf: try exporter.export(story, pictures: pictures, to: directory), encoding: .utf8)
        let alts = html.matches(of: /<img src="[^"]+" alt="([^"]+)"/).map { String($0.1) }
        #expect(alts.count == 3)
        for (alt, page) in zip(alts, story.pages) {
            #expect(alt.hasPrefix("Mia") && alt.hasSuffix("."), "\(alt)")
            #expect(alt == PageMoment.altText(scene: page.scene, imagePrompt: page.imagePrompt, sheet: story.sheet)
                .replacingOccurrences(of: "\"", with: "&quot;"))
        }
        #expect(!html.contains("Illustration for page"))
        let art = try String(contentsOf: try exporter.export(story, pictures: pictures, to: directory,
                                                            textArt: StoryBookExporter.textArtOptions), encoding: .utf8)
        #expect(art.matches(of: /aria-label="Text-art picture: Mia[^"]+"/).count == 3)
    }
}
