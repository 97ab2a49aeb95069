import Foundation
@testable import StoryProviders
import StoryDomain
import Testing

/// The story happens where the theme does: the place it names ("by the river"), the room of its
/// action ("in the kitchen"), or the place of what it is about (acorns → the forest); every page
/// before bedtime says it.
@Suite("Built-in writer: the theme's place")
struct TalePlaceTests {
    static func place(_ theme: String) -> TalePlace? {
        let reading = ThemeReader().read(theme)
        return TalePlace.of(reading: reading, action: TaleReadingAdapter(reading: reading).action)
    }

    @Test("the place the theme names, the room of its action, the place of what it is about")
    func places() {
        #expect(Self.place("a badger who paints his little boat by the river")?.at == "by the river")
        #expect(Self.place("a penguin who races her sled down the snowy hill")?.at == "on the hill")
        #expect(Self.place("a little owl who visits the library at night")?.at == "in the library")
        #expect(Self.place("a crab who builds a sandcastle on the beach")?.at == "on the beach")
        #expect(Self.place("a hedgehog who bakes a birthday cake")?.at == "in the kitchen")
        #expect(Self.place("a squirrel who learns to share her acorns with a hungry bird")?.at == "in the forest")
        #expect(Self.place("a shy octopus who is nervous about her first day at school")?.word == "sea")
        #expect(Self.place("a day") == nil)
    }

    @Test("every page before bedtime names the theme's place, at every age", arguments: [3, 6, 9])
    func everyPageSaysWhere(age: Int) throws {
        for theme in ["a badger who paints his little boat by the river", "a giraffe who is learning to ride a bicycle in the park",
                      "a hedgehog who bakes a birthday cake"] {
            let word = try #require(Self.place(theme)?.word)
            for seed: UInt64 in [1, 2, 3] {
                let story = try OfflineStoryWriter().compose(StoryRequest(theme: theme, heroName: "Mia", age: age, pageCount: 5, seed: seed))
                for page in story.pages.dropLast() {
                    #expect(TaleTeller.names(page.text, place: word), "\(theme) age \(age): \(page.text)")
                }
            }
        }
    }

    @Test("the same request tells the same story")
    func deterministic() throws {
        let request = StoryRequest(theme: "a beaver who builds a bridge across the river", heroName: "Mia", age: 6, pageCount: 6, seed: 9)
        #expect(try OfflineStoryWriter().compose(request).pages.map(\.text) == OfflineStoryWriter().compose(request).pages.map(\.text))
    }

    @Test("the picture is painted where the text says: on the moon outside (not in a workshop), in the kitchen inside, by the beach")
    func picturesFollowThePlace() throws {
        let cases: [(String, StorySetting, Bool)] = [
            ("an astronaut cat who repairs her rocket on the moon", .space, false),
            ("a hedgehog who bakes a birthday cake", .home, true),
            ("a crab who builds a sandcastle on the beach", .seaside, false),
            ("a giraffe who is learning to ride a bicycle in the park", .garden, false),
        ]
        for (theme, setting, indoors) in cases {
            let story = try OfflineStoryWriter().compose(StoryRequest(theme: theme, heroName: "Mia", age: 6, pageCount: 5, seed: 4))
            for page in story.pages.dropLast() {
                #expect(page.scene.place == setting && page.scene.indoors == indoors, "\(theme): \(page.scene)")
            }
            #expect(story.pages.last?.scene.place == .home && story.pages.last?.scene.action == .sleeping)
            // The painter agrees: no room is painted for a page outside.
            let illustrator = OfflineIllustrator()
            for (index, page) in story.pages.dropLast().enumerated() {
                let picture = illustrator.picture(for: IllustrationRequest(title: story.title, sheet: story.sheet, page: page,
                                                                           pageNumber: index + 1, pageCount: story.pages.count,
                                                                           previous: nil, seed: 4))
                #expect((picture.room != nil) == indoors, "\(theme) page \(index + 1): \(String(describing: picture.room))")
            }
        }
    }
}
