import StoryDomain

/// Builds a short storybook title from the request and the story's shape and cast.
enum StoryTitler {
    static func title(shape: StoryShape, heroName: String, request: StoryRequest, sheet: CharacterSheet,
                      theme: ThemePhrase, cast: StoryCast, rng: inout SeededGenerator) -> String {
        var options: [String] = []
        if let companion = sheet.companion {
            if request.companion == nil, let creature = themeCreature(theme: request.theme, kind: companion.kind) {
                options.append("\(heroName) and the \(TextTools.titleCased(creature))")
            } else {
                options.append("\(heroName) and \(TextTools.titleCased(companion.name))")
            }
        }
        switch shape {
        case .journey: options.append("\(heroName) and the \(SettingLexicon.forSetting(sheet.setting).titlePlace)")
        case .helping: options.append("\(heroName) and the \(TextTools.titleCased(cast.critter))")
        case .windDown: options.append("Goodnight, \(heroName)")
        case .lostAndFound: options.append("\(heroName) and the Lost \(TextTools.titleCased(cast.treasure))")
        }
        if let noun = theme.nounPhrase, theme.wordCount <= 7 {
            options.append(TextTools.titleCased(noun))
        }
        return options[Int(rng.next(upperBound: UInt32(options.count)))]
    }

    /// "sleepy dragon" from "a sleepy dragon", or just the creature word.
    private static func themeCreature(theme: String, kind: CreatureKind) -> String? {
        let words = theme.split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
        guard let index = words.firstIndex(where: { CharacterSheetDesigner.creatureKind(in: $0) == kind }) else {
            return nil
        }
        let noun = words[index].lowercased()
        let determiners: Set<String> = ["a", "an", "the", "my", "our", "and", "with", "of", "to", "who"]
        if index > 0, !determiners.contains(words[index - 1].lowercased()) {
            return "\(words[index - 1].lowercased()) \(noun)"
        }
        return noun
    }
}
