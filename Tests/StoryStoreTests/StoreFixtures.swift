import Foundation
import StoryDomain
@testable import StoryStore

/// A fresh database file in a temporary folder, removed by `cleanUp`.
struct TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("test.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func open() throws -> AppDatabase { try AppDatabase.open(path: path) }
    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

enum Fixtures {
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let mia = Requester(userID: "u-mia", displayName: "Mia's mum")

    static func story(id: String = "story1", theme: String = "a sleepy dragon", pages: Int = 3,
                      family: FamilyRef = family, at date: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> Story {
        Story(id: StoryID(rawValue: id)!, family: family, requester: mia,
              request: StoryRequest(theme: theme, heroName: "Mia", age: 5, companion: "Ember", pageCount: pages, seed: 42),
              createdAt: date)
    }

    static let sheet = CharacterSheet(
        hero: CharacterDesign(name: "Mia", kind: .child, bodyColor: RGB(240, 200, 170), accentColor: RGB(250, 200, 40),
                              detailColor: RGB(90, 60, 30), looks: "a small child in a yellow raincoat", trait: "curious"),
        companion: nil, setting: .forest, settingDescription: "a quiet forest", palette: Palette(sky: RGB(100, 150, 220),
                                                                                                 ground: RGB(60, 120, 60), accent: RGB(250, 200, 40)))

    static func written(pages: Int, title: String = "Mia and the Sleepy Dragon") -> WrittenStory {
        WrittenStory(title: title, sheet: sheet, pages: (1...pages).map {
            WrittenPage(text: "Page \($0) text.", scene: PageScene(timeOfDay: .dusk, action: .walking), imagePrompt: "prompt \($0)")
        })
    }

    static func picture(_ seed: UInt8) -> Illustration {
        Illustration(data: Data([0x89, 0x50, 0x4E, 0x47, seed, seed &+ 1]), contentType: "image/png", width: 768, height: 512)
    }
}
