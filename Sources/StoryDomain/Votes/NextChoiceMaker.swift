import Foundation

/// Makes the 2–3 answers to "What happens next?" at the end of a chapter: from the built-in
/// writer's plot turns (deterministic from the chapter's id: the same story always offers the
/// same choices), or from a model's quoted choices, parsed and screened like any story text.
public struct NextChoiceMaker: Sendable {
    private let screen: BedtimeScreen

    public init(screen: BedtimeScreen = BedtimeScreen()) {
        self.screen = screen
    }

    /// The built-in small adventures, each with the plot turn the built-in writer tells it in.
    /// They name no place, so the chain's world (the kept character sheet's setting) holds.
    public static let builtIn: [(theme: String, turn: ChapterTurn)] = [
        ("a lost kite", .puzzle), ("a little lost duckling", .puzzle), ("a lost mitten", .puzzle), ("a lost bell", .puzzle),
        ("a picnic with a friendly hedgehog", .making), ("a cake for a birthday bear", .making),
        ("a surprise for a sleepy owl", .helping), ("a tired bunny who needs help getting home", .helping),
        ("a shy firefly who wants to glow", .wishGranted), ("a little star who wants to fly", .wishGranted),
        ("a first try at flying a kite", .wishGranted), ("learning to whistle a tune", .firstTime),
        ("a slow and happy snail race", .contest), ("a little owl who is afraid of the dark", .fearMet),
        ("a visit to the old windmill", .journey), ("a boat ride to a little island", .journey),
        ("a walk to the top of the hill", .journey), ("going to see the sleepy whales", .journey),
    ]

    /// Up to three built-in choices after `story`: each a different plot turn when it can be,
    /// none a theme the chain already had (`earlierThemes`), none with a word of `avoid`; the
    /// chapter's id chooses among the rest, so the choices are the same every time they are asked for.
    public func builtInChoices(after story: StoryID, earlierThemes: [String], avoid: [String]) -> [NextChoice] {
        let used = Set(earlierThemes.map { $0.lowercased() })
        let matcher = AvoidListMatcher(avoid)
        var pool = Self.builtIn.filter { !used.contains($0.theme) && matcher.firstMatch(in: [$0.theme]) == nil }
        var rng = SeededGenerator(seed: 0, salt: "next-choices-\(story.rawValue)")
        pool.shuffle(using: &rng)
        var chosen: [(theme: String, turn: ChapterTurn)] = []
        for entry in pool where chosen.count < NextChoice.countRange.upperBound && !chosen.contains(where: { $0.turn == entry.turn }) {
            chosen.append(entry)
        }
        for entry in pool where chosen.count < NextChoice.countRange.upperBound && !chosen.contains(where: { $0.theme == entry.theme }) {
            chosen.append(entry)
        }
        return chosen.map { NextChoice(text: "\($0.turn.emoji) \(Self.capitalized($0.theme))", theme: $0.theme, turn: $0.turn) }
    }

    /// A model's choices from its quoted data: a JSON array of strings (or an object with a
    /// `choices` array). Each is one trimmed line of at most ``NextChoice/maxLength`` characters,
    /// free of the bedtime screen's concerns and of `avoid`'s words, and never repeats the
    /// family's own text (`familyTexts`: the theme they asked for) verbatim. Nil unless at least
    /// two survive: the caller offers the built-in choices instead.
    public func modelChoices(_ quoted: String, avoid: [String], familyTexts: [String], language: StoryLanguage) -> [NextChoice]? {
        let matcher = AvoidListMatcher(avoid)
        let family = familyTexts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }.filter { $0.count >= 4 }
        var choices: [NextChoice] = []
        for raw in Self.parse(quoted) {
            let text = raw.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            guard (3...NextChoice.maxLength).contains(text.count),
                  screen.concern(in: text, language: language) == nil, matcher.firstMatch(in: [text]) == nil,
                  !family.contains(where: { text.lowercased().contains($0) }),
                  !choices.contains(where: { $0.text.lowercased() == text.lowercased() })
            else { continue }
            choices.append(NextChoice(text: text, theme: text))
            if choices.count == NextChoice.countRange.upperBound { break }
        }
        return choices.count >= NextChoice.countRange.lowerBound ? choices : nil
    }

    /// The strings of quoted data; nothing when it is not JSON of the expected shape.
    static func parse(_ quoted: String) -> [String] {
        let data = Data(quoted.utf8)
        if let list = try? JSONDecoder().decode([String].self, from: data) { return list }
        struct Wrapped: Decodable { var choices: [String] }
        return (try? JSONDecoder().decode(Wrapped.self, from: data))?.choices ?? []
    }

    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
