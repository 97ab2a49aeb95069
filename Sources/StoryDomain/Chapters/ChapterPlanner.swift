import Foundation

/// Plans tonight's chapter of a story: a new small adventure (a theme of its own, never the
/// plot of an earlier chapter), a short summary of the previous chapter from its written pages,
/// and the one-line "Last time…" opening. Pure and deterministic for a seed.
public struct ChapterPlanner: Sendable {
    public init() {}

    /// Small, gentle adventures a chapter can be about. They name no place, so the chain's world
    /// (the kept character sheet's setting) holds, and every one is a different plot.
    public static let themes = [
        "a lost kite", "a little lost duckling", "a picnic with a friendly hedgehog", "a lantern to light the way home",
        "a shy firefly who wants to glow", "learning to whistle a tune", "a surprise for a sleepy owl", "a lost mitten",
        "counting the stars", "a squirrel who lost an acorn", "a first try at flying a kite",
        "a tired bunny who needs help getting home", "a lost bell", "a friendly snail who is far from home",
    ]

    /// A theme for the next chapter: none of `earlierThemes` (the chain's chapters so far), none
    /// with a word of the family's avoid-list; the seed chooses among the rest.
    public func theme(seed: UInt64, earlierThemes: [String], avoid: [String]) -> String {
        let used = Set(earlierThemes.map { $0.lowercased() })
        let matcher = AvoidListMatcher(avoid)
        let fresh = Self.themes.filter { !used.contains($0) && matcher.firstMatch(in: [$0]) == nil }
        let allowed = Self.themes.filter { matcher.firstMatch(in: [$0]) == nil }
        let pool = fresh.isEmpty ? (allowed.isEmpty ? Self.themes : allowed) : fresh
        var rng = SeededGenerator(seed: seed, salt: "chapter-theme")
        return pool[Int(rng.next() % UInt64(pool.count))]
    }

    /// A short summary of a chapter from its written pages: the first sentence of each page
    /// (an earlier "Last time…" line and the sleepy last page left out), at most
    /// ``ChapterLink/maxSummaryLength`` characters.
    public func summary(of pages: [String]) -> String {
        let middle = pages.count > 2 ? Array(pages.dropLast()) : pages
        var summary = ""
        for page in middle {
            guard let sentence = Self.sentences(of: page).first(where: { !$0.hasPrefix("Last time") }) else { continue }
            let next = summary.isEmpty ? sentence : summary + " " + sentence
            if next.count > ChapterLink.maxSummaryLength { break }
            summary = next
        }
        return summary
    }

    /// The sentences of a text, trimmed: each ends at `.`, `!` or `?` (and a closing quote after
    /// it) followed by the end, or by a space and a capital letter or an opening quote.
    static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let ends = ".!?".contains(character) || (("”\"’").contains(character) && current.dropLast().last.map { ".!?".contains($0) } == true)
            // "“Look!” said Mia." is one sentence: the next one starts with a capital or a quote.
            let following = characters[min(index + 1, characters.count)...].first { !$0.isWhitespace }
            let starts = following.map { $0.isUppercase || "“\"‘".contains($0) } ?? true
            if ends, next == nil || (next!.isWhitespace && starts) {
                let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { sentences.append(trimmed) }
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    /// The chapter's first line: "Last time, in “Mia and the Sleepy Dragon”, Mia and Ember shared
    /// a big day in a quiet pine forest." Made of the previous chapter's written title and the
    /// character sheet (names and the writer's own words), never of family text.
    public func openingLine(for link: ChapterLink, sheet: CharacterSheet) -> String {
        var names = [sheet.hero.name] + sheet.friends.map(\.name)
        if let companion = sheet.companion { names.append(companion.name) }
        let who = switch names.count {
        case 1: names[0]
        case 2: "\(names[0]) and \(names[1])"
        default: names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
        let verb = names.count == 1 ? "had" : "shared"
        return "Last time, in “\(link.previousTitle)”, \(who) \(verb) a big day in \(sheet.settingDescription)."
    }

    /// The story with the "Last time…" line opening page 1, unless the writer already began
    /// page 1 with "Last time" (model writers are asked to).
    public func withOpening(_ story: WrittenStory, link: ChapterLink) -> WrittenStory {
        guard var first = story.pages.first else { return story }
        let text = first.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.hasPrefix("Last time") else { return story }
        var opened = story
        first.text = openingLine(for: link, sheet: story.sheet) + "\n\n" + text
        opened.pages[0] = first
        return opened
    }
}
