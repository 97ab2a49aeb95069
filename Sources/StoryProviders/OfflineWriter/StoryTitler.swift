import StoryDomain

/// Builds a short storybook title from the hero's and companion's names, the story's shape and
/// cast, and what was understood of the theme. Besides the two names, every word is the writer's
/// own or the lexicon's: the family's theme text never reaches a title.
enum StoryTitler {
    static func title(shape: StoryShape, heroName: String, request: StoryRequest, sheet: CharacterSheet,
                      reading: ThemeReading, cast: StoryCast, world: StoryWorld, rng: inout SeededGenerator) -> String {
        var options: [String] = []
        if let companion = sheet.companion {
            if request.companion == nil, let creature = reading.creature(of: companion.kind) {
                options.append("\(heroName) and the \(TextTools.titleCased(creature.phrase))")
            } else {
                options.append("\(heroName) and \(TextTools.titleCased(companion.name))")
            }
        }
        switch shape {
        case .journey: options.append("\(heroName) and the \(world.titlePlace)")
        case .helping: options.append("\(heroName) and the \(TextTools.titleCased(cast.critter))")
        case .smallFear: options.append("Brave \(heroName) \(TextTools.titleCased(world.inPlace))")
        case .firstTime: options.append("\(heroName)'s First Time \(TextTools.titleCased(world.inPlace))")
        case .celebration: options.append("A Party \(TextTools.titleCased(world.inPlace))")
        case .quest: options.append("\(heroName) and the Lost \(TextTools.titleCased(cast.key))")
        }
        if let themed = reading.title(in: sheet.setting) {
            options.append(themed)
        }
        return options[Int(rng.next(upperBound: UInt32(options.count)))]
    }
}
