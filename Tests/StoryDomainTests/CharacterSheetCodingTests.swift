import Foundation
import Testing
@testable import StoryDomain

@Suite struct CharacterSheetCodingTests {
    @Test func aSheetSavedBeforeCastsReadsWithNoFriendsAndNoReferencePicture() throws {
        let old = """
        {"hero":{"name":"Mia","kind":"child","bodyColor":{"red":1,"green":2,"blue":3},
        "accentColor":{"red":4,"green":5,"blue":6},"detailColor":{"red":7,"green":8,"blue":9},
        "looks":"a girl","trait":"kind"},"setting":"forest","settingDescription":"a wood",
        "palette":{"sky":{"red":1,"green":1,"blue":1},"ground":{"red":2,"green":2,"blue":2},
        "accent":{"red":3,"green":3,"blue":3}}}
        """
        let sheet = try JSONDecoder().decode(CharacterSheet.self, from: Data(old.utf8))
        #expect(sheet.friends.isEmpty)
        #expect(sheet.companion == nil)
        #expect(sheet.hero.referencePicture == nil)
        #expect(sheet.hero.name == "Mia")
    }

    @Test func friendsAndReferencePicturesSurviveARoundTrip() throws {
        let leo = CharacterDesign(name: "Leo", kind: .child, bodyColor: RGB(1, 2, 3), accentColor: RGB(4, 5, 6),
                                  detailColor: RGB(7, 8, 9), looks: "a boy", trait: "brave", referencePicture: "abc")
        var max = leo
        max.name = "Max"
        max.referencePicture = nil
        let sheet = CharacterSheet(hero: leo, companion: nil, setting: .castle, settingDescription: "a castle",
                                   palette: Palette(sky: RGB(1, 1, 1), ground: RGB(2, 2, 2), accent: RGB(3, 3, 3)),
                                   friends: [max])
        let decoded = try JSONDecoder().decode(CharacterSheet.self, from: JSONEncoder().encode(sheet))
        #expect(decoded == sheet)
        #expect(decoded.friends.map(\.name) == ["Max"])
        #expect(decoded.hero.referencePicture == "abc")
    }
}
