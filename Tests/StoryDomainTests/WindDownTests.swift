import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// The last page winds down (issue 34): the setting, the stored part, the refrain and the plan.
@Suite("Read aloud: wind-down")
struct WindDownTests {
    @Test("wind_down: is parsed as people type it; anything else is refused kindly")
    func parse() throws {
        let cases: [(String, WindDown)] = [("off", .off), ("2m", .twoMinutes), ("5", .fiveMinutes), ("10 minutes", .tenMinutes),
                                          (" 5 Min ", .fiveMinutes), ("none", .off)]
        for (typed, expected) in cases {
            #expect(try SettingsChange(windDown: typed).apply(to: FamilySettings()).windDown == expected, "\(typed)")
        }
        for typed in ["3m", "forever", "10h", "-5", "5mm"] {
            #expect(throws: SettingsError.badWindDown) { try SettingsChange(windDown: typed).apply(to: FamilySettings()) }
        }
        #expect(!SettingsChange(windDown: "5m").isEmpty)
        // Off by default; changing another setting keeps it.
        #expect(FamilySettings().windDownInForce == .off)
        var set = FamilySettings()
        set.windDown = .tenMinutes
        #expect(try SettingsChange(maxPages: "4").apply(to: set).windDown == .tenMinutes)
    }

    @Test("settings saved before wind-down existed read as off; a saved one reads back")
    func storedDocument() throws {
        let old = Data(#"{"avoidList":[],"illustrations":"pictures","maxPages":4}"#.utf8)
        let decoded = try JSONDecoder().decode(FamilySettings.self, from: old)
        #expect(decoded.windDown == nil && decoded.windDownInForce == .off && decoded.maxPages == 4)
        var settings = FamilySettings()
        settings.windDown = .fiveMinutes
        let again = try JSONDecoder().decode(FamilySettings.self, from: JSONEncoder().encode(settings))
        #expect(again == settings)
    }

    @Test("a wound-down part is kept under its own key, which reads back; others are refused")
    func partKeys() {
        let cases: [(NarrationPart, String)] = [(.page(5).windingDown(.fiveMinutes), "p5-wd5"),
                                                (.whole.windingDown(.tenMinutes), "whole-wd10"),
                                                (.page(12).windingDown(.twoMinutes), "p12-wd2"), (.page(3).windingDown(.off), "p3")]
        for (part, key) in cases {
            #expect(part.key == key)
            #expect(NarrationPart(key: key) == part)
        }
        #expect(NarrationPart.whole.windingDown(.fiveMinutes).windingDown(.twoMinutes) == .windingDown(.whole, .twoMinutes))
        #expect(NarrationPart.page(4).windingDown(.fiveMinutes).base == .page(4))
        for bad in ["p5-wd3", "p5-wd", "whole-wd5m", "p0-wd5", "-wd5", "p5-wd5-wd5", "whole-wd0"] {
            #expect(NarrationPart(key: bad) == nil, "\(bad)")
        }
    }

    @Test("the refrain: the quoted words said on most pages; else a repeated sentence; else the last line")
    func refrain() {
        let toddler = ["Pip loved the big sea.", "Pip swam far. \"Be brave, little Pip!\" whispered Mia.",
                       "The wave was big. \"Be brave, little Pip!\" sang Mia.", "Pip was home. Goodnight, Pip."]
        #expect(StoryRefrain.find(in: toddler) == "Be brave, little Pip!")
        let repeated = ["Tom looked up. Where is the moon?", "Tom looked down. Where is the moon?", "There it was. Sleep well."]
        #expect(StoryRefrain.find(in: repeated) == "Where is the moon?")
        #expect(StoryRefrain.find(in: ["One day.", "Then home. The stars came out, one by one."]) == "The stars came out, one by one.")
        #expect(StoryRefrain.sentences("\"Hush!\" said Mia. Night came… Sleep.") == ["\"Hush!\" said Mia.", "Night came…", "Sleep."])
    }

    @Test("the plan: the last page in two steps and the refrain twice, each slower, lower and softer; waves by the sea")
    func plan() {
        let reading = WindDownReading.make(lastPage: "Mia came home. She had a bath. The moon rose. Mia slept.",
                                           refrain: "Be brave, little Pip!", ending: "The End.", windDown: .fiveMinutes,
                                           theme: "a crab at the seaside", seed: 9)
        #expect(reading.steps.map(\.text) == ["Mia came home. She had a bath.", "The moon rose. Mia slept.",
                                              "Be brave, little Pip!\n\nBe brave, little Pip!\n\nThe End."])
        let prosody = reading.steps.map(\.prosody)
        for (earlier, later) in zip([Prosody.usual] + prosody, prosody) {
            #expect(later.rate < earlier.rate && later.volume < earlier.volume && later.pitch < earlier.pitch)
        }
        #expect(abs(20 * log10(prosody[2].volume) + 9) < 0.01)
        #expect(reading.sound == .waves && reading.tailSeconds == 300 && reading.refrain == "Be brave, little Pip!")
        let short = WindDownReading.make(lastPage: "Goodnight.", refrain: "Goodnight.", ending: nil, windDown: .twoMinutes,
                                         theme: "a dragon who bakes bread", seed: 9)
        #expect(short.steps.count == 2 && short.sound == .rain && short.tailSeconds == 120)
    }

    @Test("the service reads a wound-down last page: the plan, no plain text, kept under its own key")
    func service() async throws {
        let harness = try await NarrationServiceTests.Harness(pages: ["Pip swam. \"Be brave!\" said Mia.",
                                                                      "The wave came. \"Be brave!\" sang Mia.", "Home at last. Pip slept."])
        let narrator = ScriptedNarrator()
        let service = harness.service(narrator)
        let kept = try await service.narration(of: harness.story, part: .page(3).windingDown(.twoMinutes))
        let asked = try #require(narrator.requests.all.first)
        #expect(asked.text.isEmpty)
        #expect(asked.windDown?.steps.first?.text == "Home at last.")
        #expect(asked.windDown?.steps.last?.text == "Be brave!\n\nBe brave!")
        #expect(kept.part == .windingDown(.page(3), .twoMinutes))
        #expect(try await service.stored(harness.story.id, part: .page(3)) == nil)
        // The whole story: title and the pages before the last as usual, then the plan with The End.
        _ = try await service.narration(of: harness.story, part: .whole.windingDown(.fiveMinutes))
        let whole = try #require(narrator.requests.all.last)
        #expect(whole.text == "Owl Night.\n\nPip swam. \"Be brave!\" said Mia.\n\nThe wave came. \"Be brave!\" sang Mia.")
        #expect(whole.windDown?.steps.last?.text.hasSuffix("The End.") == true)
        #expect(whole.windDown?.seed == asked.windDown?.seed)
        // Only the ending winds down.
        await #expect(throws: ReadAloudError.unknownPart) {
            try await service.narration(of: harness.story, part: .page(2).windingDown(.twoMinutes))
        }
    }
}
