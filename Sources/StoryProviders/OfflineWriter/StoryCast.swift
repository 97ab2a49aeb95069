import StoryDomain

/// The story-wide values every sentence can use: names, the companion's ways, the place, what the
/// theme is about (in the lexicon's words only), and the creature and treasure a story revolves around.
struct StoryCast: Sendable {
    let renderer: TemplateRenderer
    /// The creature the hero helps ("little hedgehog").
    let critter: String
    /// What that creature sees from home ("ring of tiny mushrooms").
    let clue: String
    /// The hero's favourite thing in a lost-and-found story.
    let treasure: String

    private static let treasures = [
        "little wooden boat", "blue glass marble", "knitted hat", "star-shaped button", "toy lantern",
        "tiny silver bell", "red ribbon", "painted pebble",
    ]

    private static let moves: [CreatureKind: String] = [
        .dragon: "flapped tiny wings", .bunny: "gave a happy hop", .bear: "gave a big, soft stretch",
        .cat: "swished a fluffy tail", .dog: "wagged a happy tail", .fox: "flicked a bushy tail",
        .owl: "fluffed up soft feathers", .unicorn: "tossed a shimmering mane", .mouse: "twitched a tiny nose",
        .turtle: "poked out a slow, smiling head", .penguin: "waddled a happy waddle",
        .elephant: "swung a little trunk", .robot: "blinked a friendly light", .child: "skipped a little skip",
    ]

    private static let sounds: [CreatureKind: String] = [
        .dragon: "puffed a tiny, warm cloud", .bunny: "made a happy little squeak", .bear: "gave a soft, rumbly hum",
        .cat: "purred a sleepy purr", .dog: "gave a soft, happy woof", .fox: "gave a tiny, yippy yawn",
        .owl: "hooted a soft hoo-hoo", .unicorn: "gave a gentle whinny", .mouse: "squeaked a tiny squeak",
        .turtle: "hummed a slow, slow tune", .penguin: "gave a cheerful squawk", .elephant: "trumpeted a tiny toot",
        .robot: "beeped a soft beep-boop", .child: "hummed a happy tune",
    ]

    init(sheet: CharacterSheet, lexicon: SettingLexicon, reading: ThemeReading, rng: inout SeededGenerator) {
        let hero = sheet.hero.name
        var values: [String: String] = [
            "hero": hero, "we": hero, "trait": sheet.hero.trait,
            "place": lexicon.place, "inPlace": lexicon.inPlace, "path": lexicon.path, "home": lexicon.home,
            "nearDesc": "\(lexicon.nearWord) \(sheet.settingDescription)",
        ]
        if let friend = sheet.companion {
            let name = OfflineStoryWriter.stripBraces(friend.name)
            values["friend"] = name
            values["we"] = "\(hero) and \(name)"
            if let first = name.first, first.isUppercase { values["friendProper"] = name }
            values["friendLooks"] = friend.looks
            if friend.kind != .child { values["aFriendKind"] = TextTools.withArticle("\(friend.kind.rawValue) friend") }
            values["friendTrait"] = friend.trait
            values["friendMove"] = Self.moves[friend.kind] ?? "gave a happy wiggle"
            values["friendSound"] = Self.sounds[friend.kind] ?? "hummed a happy tune"
        }
        if let about = reading.about(in: sheet.setting) { values["about"] = about }
        let drawnCritter = lexicon.critters[Int(rng.next(upperBound: UInt32(lexicon.critters.count)))]
        critter = Self.themeCritter(reading, sheet: sheet) ?? drawnCritter
        clue = lexicon.things[Int(rng.next(upperBound: UInt32(lexicon.things.count)))]
        let drawn = Self.treasures[Int(rng.next(upperBound: UInt32(Self.treasures.count)))]
        treasure = reading.lostObject ?? drawn
        values["critter"] = TextTools.withArticle(critter)
        values["theCritter"] = "the \(critter)"
        values["clue"] = TextTools.withArticle(clue)
        values["clueCap"] = TextTools.capitalisingFirst(TextTools.withArticle(clue))
        values["treasure"] = treasure
        renderer = TemplateRenderer(values: values)
    }

    /// A creature of the theme that is neither the hero nor the companion, to meet and help
    /// ("shy whale", "little dinosaur"): the lexicon's words, never the family's.
    static func themeCritter(_ reading: ThemeReading, sheet: CharacterSheet) -> String? {
        let drawn: Set<CreatureKind> = Set([sheet.hero.kind] + (sheet.companion.map { [$0.kind] } ?? []))
        guard let creature = reading.creatures.first(where: { $0.kind.map { !drawn.contains($0) } ?? true }) else {
            return nil
        }
        return creature.describers.isEmpty ? "little \(creature.word)" : creature.phrase
    }

    /// What a page pictures in focus.
    func focus(_ focus: Beat.Focus, page: [String: String]) -> String? {
        switch focus {
        case .none: nil
        case .thing: page["thing"]
        case .passing: page["passing"]
        case .critter: TextTools.withArticle(critter)
        case .clue: TextTools.withArticle(clue)
        case .treasure: TextTools.withArticle(treasure)
        case .fixed(let text): text
        }
    }
}
