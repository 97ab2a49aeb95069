import Foundation
@testable import StoryProviders
import StoryDomain
import Testing

/// Every sentence frame the built-in writer uses, rendered with sample casts (names with and
/// without pronouns, a creature partner, "the knight", singular, mass and plural objects): no frame
/// may produce a broken sentence, and every frame names something of the theme.
@Suite("Built-in writer: sentence frames")
struct TaleFrameTests {
    /// Sample slot values, as ``TaleSlots`` makes them.
    static func samples() -> [(String, TemplateRenderer)] {
        let heroes = [TaleFigure(name: "Mia", word: nil, pronouns: nil, kind: .child),
                      TaleFigure(name: "Leo", word: nil, pronouns: .he, kind: .child),
                      TaleFigure(name: "Sam", word: nil, pronouns: .they, kind: .child)]
        let subjects = [TaleFigure(name: "Ember", word: "dragon", describers: ["sleepy"], pronouns: nil, kind: .dragon),
                        TaleFigure(name: "the knight", word: "knight", pronouns: nil, kind: nil)]
        let actions: [TaleAction?] = [
            TaleAction(kind: .making, base: "bake", ing: "baking", past: "baked", third: "bakes", object: "bread", sceneAction: .making),
            TaleAction(kind: .fixing, base: "fix", ing: "fixing", past: "fixed", third: "fixes", object: "boat", objectPhrase: "a boat", sceneAction: .making),
            TaleAction(kind: .making, base: "bake", ing: "baking", past: "baked", third: "bakes", object: "cookies", sceneAction: .making),
            TaleAction.general(.contest), nil,
        ]
        let traits: [TaleTheme.Trait?] = [.fear("the dark"), .fear("storms"), .sleepless, .wish(TaleAction(kind: .learning, base: "fly", ing: "flying", past: "flew", third: "flies", sceneAction: .flying)), .quality("shy"), .firstTime]
        var result: [(String, TemplateRenderer)] = []
        for (index, hero) in heroes.enumerated() {
            for subject in subjects + [hero] {
                let action = actions[(index + result.count) % actions.count]
                let trait = traits[result.count % traits.count]
                let partner = subject.name == hero.name ? TaleFigure(name: "the crab", word: "crab", pronouns: nil, kind: nil) : hero
                var theme = TaleTheme(subject: subject, partner: partner, subjectIsHero: subject.name == hero.name, hero: hero,
                                      trait: trait, action: action, things: action?.object.map { [$0] } ?? ["kite"])
                theme.other = TaleFigure(name: "the little fish", word: "fish", pronouns: nil, kind: .fish)
                for shape in PlotShape.allCases {
                    var rng = SeededGenerator(seed: UInt64(result.count))
                    let values = TaleSlots.values(theme: theme, shape: shape, world: .meadow,
                                                  companion: subject.name == hero.name ? nil : subject, rng: &rng)
                    result.append(("\(hero.name)/\(subject.name)/\(action?.base ?? "-")/\(shape)", TemplateRenderer(values: values)))
                }
            }
        }
        return result
    }

    /// Every template the writer may say.
    static var allTemplates: [String] {
        var lines: [TaleLine] = []
        for shape in PlotShape.allCases {
            for beat in PlotBeat.allCases { lines += TaleFrames.lines(shape, beat) }
            lines.append(TaleLine([TaleFrames.refrain(shape)]))
        }
        lines += [TaleFrames.asleep, TaleFrames.setting]
        for weather in SceneWeather.allCases { lines += [TaleFrames.weather(weather, indoors: true), TaleFrames.weather(weather, indoors: false)] }
        for occasion in ["picnic", "birthday", "party"] { lines.append(TaleFrames.occasion(occasion)) }
        return lines.flatMap(\.alternatives).flatMap { $0.split(separator: "|").map(String.init) }
    }

    /// Broken forms heard aloud in the old writer, and their kin.
    static let broken = ["reached in", "who was shy but", "was footprints", " a a ", " an the", " a the ", "  ", " ,", "..",
                         "their legs", " the the ", " a some", "the some", "some a ", "was were", "were was", "storms was",
                         "storms is", "tried to try", "but swim", "but visit"]

    @Test("every frame renders as whole sentences with no broken form, for every sample cast")
    func framesRenderCleanly() {
        let templates = Self.allTemplates + PlotShape.allCases.flatMap(TaleTitler.templates).map { "#" + $0 }
        #expect(templates.count > 300)
        var rendered = 0
        for (label, renderer) in Self.samples() {
            for template in templates {
                guard let text = renderer.render(template.hasPrefix("#") ? String(template.dropFirst()) : template) else { continue }
                rendered += 1
                #expect(!text.contains("{") && !text.contains("}"), "\(label): \(text)")
                #expect(text.first?.isUppercase == true || text.first == "\"", "\(label): \(text)")
                #expect(template.hasPrefix("#") || [".", "!", "?", "\""].contains(text.last.map(String.init) ?? ""), "\(label): \(text)")
                for form in Self.broken { #expect(!text.contains(form), "\(label): “\(form)” in \(text)") }
                #expect(text.split(separator: " ").count <= AgeBand.older.maxWordsPerSentence, "\(label): \(text)")
                // "Mia closed Mia's eyes": a figure never owns a thing by name in its own sentence.
                for name in ["Mia", "Leo", "Sam", "Ember"] where text.hasPrefix("\(name) ") {
                    #expect(!text.contains("\(name)'s"), "\(label): \(text)")
                }
                // A named child without pronouns is never a singular "they".
                if label.hasPrefix("Mia/") { #expect(!text.contains(" their ") && !text.hasPrefix("Their "), "\(label): \(text)") }
                // An article agrees with its noun.
                #expect(text.range(of: #"\b[Aa] [aeio]"#, options: .regularExpression) == nil, "\(label): \(text)")
            }
        }
        #expect(rendered > 5_000)
    }

    @Test("every frame names something of the theme (its action, object, place, trait or the day's dream)")
    func framesAreAboutTheTheme() {
        let themeSlots = ["{verb", "{act", "{obj", "{theObj", "{aObj", "{objIt", "{learn", "{new", "{contest", "{fear", "{dark", "{awake",
                          "{wish", "{quality", "{place", "{inPlace", "{toPlace", "{home", "{goal", "{where", "{firstPlace", "{spot",
                          "{needy", "{rival", "{deed", "{dream", "{DWord", "{DPhrase", "{other"]
        let fixed = ["Ready, steady", "On the count of three", "Off they all went", "At the end of"]
        for template in Self.allTemplates where !fixed.contains(where: template.hasPrefix) {
            #expect(themeSlots.contains { template.contains($0) } || template.contains("sleep") || template.contains("Hooray"),
                    "no theme in: \(template)")
        }
    }

    @Test("a and an, some for mass nouns and plurals, was and were")
    func words() {
        #expect(TaleWords.indefinite("bread") == "some bread")
        #expect(TaleWords.indefinite("cookies") == "some cookies")
        #expect(TaleWords.indefinite("apple") == "an apple")
        #expect(TaleWords.indefinite("pair of glasses") == "a pair of glasses")
        #expect(TaleWords.be("cookies") == "were" && TaleWords.be("bus") == "was" && TaleWords.be("bread") == "was")
        #expect(TaleWords.prop("cookie") == "cookies" && TaleWords.prop("rocket") == "rocket" && TaleWords.prop("giraffe") == nil)
    }

    @Test("pronouns come from the design only; without them the name is said again")
    func pronouns() {
        let plain = TaleFigure(name: "Mia", word: nil, pronouns: nil, kind: .child)
        #expect(plain.possessive == "Mia's" && plain.object == "Mia" && plain.slots("H")["HOwn"] == nil)
        let she = TaleFigure(name: "Ada", word: nil, pronouns: .she, kind: .child)
        #expect(she.possessive == "her" && she.object == "her" && she.slots("H")["HOwn"] == "her")
        let they = TaleFigure(name: "Sam", word: nil, pronouns: .they, kind: .child)
        #expect(they.possessive == "their" && they.object == "them")
        let dragon = TaleFigure(name: "Ember", word: "dragon", describers: ["sleepy"], pronouns: nil, kind: .dragon)
        #expect(dragon.slots("D")["DPhrase"] == "Ember the sleepy dragon")
    }
}
