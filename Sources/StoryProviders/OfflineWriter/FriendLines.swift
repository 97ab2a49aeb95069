import Foundation
import StoryDomain

/// What the story's other named heroes (members of the family's cast, ``CharacterSheet/friends``)
/// say and do: one line of theirs on every page, the friends taking turns, so each appears and
/// speaks. The lines are the writer's own; only the names are the family's.
enum FriendLines {
    /// Page 1: everyone comes along.
    static let arriving = ["{friends} came along too.", "{friends} joined in, ready to go."]
    static let start = [
        "\"Can I come too?\" asked {name}.", "\"Wait for me!\" called {name}.", "\"Let's go together,\" said {name}.",
    ]
    static let middle = [
        "\"I can help,\" said {name}.", "\"Look over there!\" said {name}.", "\"This is fun!\" giggled {name}.",
        "\"Let's stay together,\" said {name}.", "\"We can do it,\" said {name} with a smile.",
        "\"Hold my hand, {hero},\" said {name}.", "\"What a lovely place,\" said {name}.",
        "\"I'm right here, {hero},\" said {name}.",
    ]
    static let home = [
        "\"What a lovely day,\" whispered {name}.", "\"Goodnight, {hero},\" yawned {name}.",
        "\"Sleep tight,\" said {name} softly.", "\"I'm so sleepy,\" yawned {name}.",
    ]

    /// The lines for one page (`index` from 0), in the sheet's friends' names; empty when there are none.
    static func lines(for sheet: CharacterSheet, page index: Int, atHome: Bool, seed: UInt64) -> [String] {
        let names = sheet.friends.map { OfflineStoryWriter.displayName($0.name) }
        guard !names.isEmpty else { return [] }
        var rng = SeededGenerator(seed: seed, salt: "friend-\(index)")
        let name = names[index % names.count]
        let hero = OfflineStoryWriter.displayName(sheet.hero.name)
        func pick(_ templates: [String]) -> String {
            // Every template as an alternative, starting at a seeded one: the composer takes the first that fits and is new.
            let start = Int(rng.next(upperBound: UInt32(templates.count)))
            return (templates[start...] + templates[..<start]).map { fill($0, name: name, hero: hero, friends: names) }
                .joined(separator: "|")
        }
        if index == 0 { return [fill(arriving[0], name: name, hero: hero, friends: names) + "|" + fill(arriving[1], name: name, hero: hero, friends: names), pick(start)] }
        return [pick(atHome ? home : middle)]
    }

    private static func fill(_ template: String, name: String, hero: String, friends: [String]) -> String {
        let together = friends.count == 1 ? friends[0] : friends.dropLast().joined(separator: ", ") + " and " + friends[friends.count - 1]
        return template.replacingOccurrences(of: "{name}", with: name).replacingOccurrences(of: "{friends}", with: together)
            .replacingOccurrences(of: "{hero}", with: hero)
    }
}
