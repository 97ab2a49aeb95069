import StoryDomain

/// The story-wide values every sentence can use: names, the companion's ways, the place and its
/// spots and sights, the key thing and the creature a story revolves around. Every value is the
/// writer's own, the world's or the lexicon's, except the hero's and companion's names.
struct StoryCast: Sendable {
    let renderer: TemplateRenderer
    /// The renderer for pages where the companion is the one lost: its lines are not said, and
    /// "we" is the hero alone.
    let awayRenderer: TemplateRenderer
    /// The thing that matters ("bell"), singular, from the theme when it names one.
    let key: String
    /// The creature met and helped ("shy whale"), and how it is drawn.
    let critter: String
    let critterKind: CreatureKind?
    /// Whether the creature is someone named (the companion whose party it is: "Wiggles"), said
    /// without an article.
    let critterIsNamed: Bool
    /// A grown-up of the theme who is not the companion ("Grandma"), drawn as a figure of their own.
    let grownUp: String?
    /// A person of the theme said with an article ("little brother", "knight"), and how it is drawn.
    let person: String?
    let personKind: CreatureKind?

    /// People drawn as children; any other person of a theme is drawn as a grown-up.
    private static let childPeople: Set<String> = ["brother", "sister", "baby", "friend", "cousin", "twin", "prince", "princess"]

    private static let moves: [CreatureKind: String] = [
        .dragon: "flapped tiny wings", .bunny: "gave a happy hop", .bear: "gave a big, soft stretch",
        .cat: "swished a fluffy tail", .dog: "wagged a happy tail", .fox: "flicked a bushy tail",
        .owl: "fluffed up soft feathers", .unicorn: "tossed a shimmering mane", .mouse: "twitched a tiny nose",
        .turtle: "poked out a slow, smiling head", .penguin: "waddled a happy waddle",
        .elephant: "swung a little trunk", .robot: "blinked a friendly light", .child: "skipped a little skip",
        .grownUp: "smiled a warm, crinkly smile", .horse: "tossed a long mane", .fish: "flicked a shiny tail",
        .whale: "blew a fountain of bubbles", .octopus: "waved all eight arms", .butterfly: "fluttered bright wings",
        .dinosaur: "swished a long tail",
    ]

    private static let sounds: [CreatureKind: String] = [
        .dragon: "puffed a tiny, warm cloud", .bunny: "made a happy little squeak", .bear: "gave a soft, rumbly hum",
        .cat: "purred a sleepy purr", .dog: "gave a soft, happy woof", .fox: "gave a tiny, yippy yawn",
        .owl: "hooted a soft hoo-hoo", .unicorn: "gave a gentle whinny", .mouse: "squeaked a tiny squeak",
        .turtle: "hummed a slow, slow tune", .penguin: "gave a cheerful squawk", .elephant: "trumpeted a tiny toot",
        .robot: "beeped a soft beep-boop", .child: "hummed a happy tune", .grownUp: "hummed an old, happy song",
        .horse: "gave a soft neigh", .fish: "blew a string of bubbles", .whale: "sang a long, low whale song",
        .octopus: "gave a bubbly giggle", .butterfly: "danced in the air", .dinosaur: "gave a small, friendly roar",
    ]

    private static let critterWords = ["little", "friendly", "small", "shy"]

    /// Creatures that fly on their own; any other companion's wish to fly is the hero's.
    private static let fliers: Set<CreatureKind> = [.dragon, .owl, .butterfly, .unicorn]

    init(sheet: CharacterSheet, world: StoryWorld, reading: ThemeReading, shape: StoryShape,
         variation: ShapeScript.Variation, rng: inout SeededGenerator) {
        let hero = sheet.hero.name
        var values: [String: String] = [
            "hero": hero, "we": hero, "trait": sheet.hero.trait, "friendOrHero": hero,
            "place": world.place, "inPlace": world.inPlace, "inPlaceCap": TextTools.capitalisingFirst(world.inPlace),
            "toPlace": world.toPlace, "home": world.home, "goal": world.goal.short, "goalLong": world.goal.long,
        ]
        if let friend = sheet.companion {
            let name = OfflineStoryWriter.stripBraces(friend.name)
            values["friend"] = name
            values["friendOrHero"] = name
            values["we"] = "\(hero) and \(name)"
            if let first = name.first, first.isUppercase { values["friendProper"] = name }
            if friend.kind == .grownUp {
                values["friendGrown"] = name
            } else if friend.kind == .child {
                values["friendChild"] = name
            } else {
                values["friendPet"] = name
                values["aFriendKind"] = TextTools.withArticle("\(Self.critterWords[Int(rng.next(upperBound: UInt32(4)))]) \(Self.kindWord(friend.kind))")
            }
            values["friendTrait"] = friend.trait
            values["friendMove"] = Self.moves[friend.kind] ?? "gave a happy wiggle"
            values["friendSound"] = Self.sounds[friend.kind] ?? "hummed a happy tune"
        }

        // The key thing: what the theme says is lost, else its first object, else one of the place's.
        let drawnKinds = Set([sheet.hero.kind] + (sheet.companion.map { [$0.kind] } ?? []))
        key = reading.lostObject ?? reading.objects.first
            ?? world.treasures[Int(rng.next(upperBound: UInt32(world.treasures.count)))]
        values["key"] = key
        values["theKey"] = "the \(key)"
        values["aKey"] = TextTools.withArticle(key)

        // The creature: one of the theme's not drawn as hero or companion, else one of the place's.
        let worldCritters = world.critters.filter { $0.kind.map { !drawnKinds.contains($0) } ?? true }
        let pool = worldCritters.isEmpty ? world.critters : worldCritters
        let drawn = pool[Int(rng.next(upperBound: UInt32(pool.count)))]
        let lostCritter = variation.fits.contains(.lostCritter) ? reading.lostCreature : nil
        let partyFriend = shape == .celebration && variation.fits.contains(.companionParty)
            ? sheet.companion.flatMap { friend in reading.creatures.first?.kind == friend.kind ? friend : nil } : nil
        if let partyFriend {
            // "An octopus birthday party": the party is the companion's, who is drawn once, as the companion.
            critter = OfflineStoryWriter.stripBraces(partyFriend.name)
            critterKind = nil
        } else if let themed = lostCritter ?? reading.creatures.first(where: { $0.kind.map { !drawnKinds.contains($0) } ?? true }) {
            // The lost creature is told as "the little penguin", not "the lost penguin" once it is found.
            let describers = themed.describers.filter { $0 != "lost" }
            critter = describers.isEmpty
                ? "\(Self.critterWords[Int(rng.next(upperBound: UInt32(4)))]) \(themed.word)"
                : (describers + [themed.word]).joined(separator: " ")
            critterKind = themed.kind
        } else {
            let word = drawn.word
            critter = word.contains(" ") ? word : "\(Self.critterWords[Int(rng.next(upperBound: UInt32(4)))]) \(word)"
            critterKind = drawn.kind
        }
        values["critter"] = critter
        critterIsNamed = partyFriend != nil
        values["aCritter"] = critterIsNamed ? critter : TextTools.withArticle(critter)
        values["aCritterCap"] = TextTools.capitalisingFirst(values["aCritter"] ?? critter)
        values["theCritter"] = critterIsNamed ? critter : "the \(critter)"
        values["friendOrCritter"] = values["friend"] ?? "the \(critter)"
        values["helper"] = values["friend"] ?? "the \(critter)"

        // The one lost, in a story about a lost creature: the companion ("Waddles the penguin") or
        // the creature met ("the little penguin").
        if variation.companionLost, let friend = sheet.companion {
            let name = OfflineStoryWriter.stripBraces(friend.name)
            let word = reading.lostCreature?.word ?? Self.kindWord(friend.kind)
            values["lost"] = name
            values["lostFull"] = name.first?.isUppercase == true ? "\(name) the \(word)" : name
            values["lostWhat"] = word
            values["aLostWhat"] = TextTools.withArticle(word)
            values["lostMove"] = Self.moves[friend.kind] ?? "gave a happy wiggle"
        } else if let lost = lostCritter {
            values["lost"] = "the \(critter)"
            values["lostFull"] = "the \(critter)"
            values["lostWhat"] = lost.word
            values["aLostWhat"] = TextTools.withArticle(lost.word)
            values["lostMove"] = (lost.kind.flatMap { Self.moves[$0] }) ?? "gave a happy wiggle"
        }

        // In a story about a lost creature, the one lost is the thing that matters ("whispered
        // goodnight to Waddles"), and no other thing is brought in.
        if let lost = values["lost"] {
            values["theKey"] = lost
            values["key"] = values["lostWhat"]
            values["aKey"] = values["aLostWhat"]
        }

        // Goodnight to the thing that matters only when the story was about it.
        if values["lost"] != nil || reading.lostObject != nil || !reading.objects.isEmpty
            || ["lostKey", "dropped", "critterLost", "misplaced"].contains(variation.id) {
            values["gnKey"] = values["theKey"]
        }

        // Who wishes to fly: a companion that can, else the hero, cheered on by the other.
        if let friend = sheet.companion, Self.fliers.contains(friend.kind), reading.wants.contains(.flying) {
            values["flyer"] = values["friend"]
            values["coach"] = hero
        } else {
            values["flyer"] = hero
            values["coach"] = values["friend"] ?? "the \(critter)"
        }

        let companionName = sheet.companion?.name
        grownUp = reading.people.first(where: { $0.isProper && $0.word != companionName })?.word
        if let grownUp { values["grown"] = grownUp }
        if let place = reading.places.first(where: { $0.setting == nil }) { values["themePlace"] = place.phrase }
        if let figure = reading.people.first(where: { !$0.isProper }) {
            person = figure.phrase
            personKind = Self.childPeople.contains(figure.word) ? .child : .grownUp
            values["aPerson"] = TextTools.withArticle(figure.phrase)
            values["aPersonCap"] = TextTools.capitalisingFirst(TextTools.withArticle(figure.phrase))
        } else {
            person = nil
            personKind = nil
        }

        var spots = world.spots
        spots.shuffle(using: &rng)
        var sights = world.sights
        sights.shuffle(using: &rng)
        for index in 0..<5 {
            let spot = spots[index % spots.count]
            values["spot\(index + 1)"] = spot
            values["spot\(index + 1)Cap"] = TextTools.capitalisingFirst(spot)
            // What is seen at a spot never names the spot again ("behind a suit of armour … a suit of armour").
            let rotated = sights[(index % sights.count)...] + sights[..<(index % sights.count)]
            let sight = rotated.first { !Self.sharesNoun($0, spot) } ?? rotated.first ?? ""
            values["sight\(index + 1)"] = sight
            values["sight\(index + 1)Cap"] = TextTools.capitalisingFirst(sight)
        }
        var greetings = world.greetings
        greetings.shuffle(using: &rng)
        values["gn1"] = greetings[0]
        values["gn2"] = greetings[1]
        // Nobody beside the hero: no companion, and no grown-up or other person in the theme.
        let nobodyElse = grownUp == nil && person == nil
        renderer = TemplateRenderer(values: values, soloHero: nobodyElse && sheet.companion == nil ? hero : nil)
        var alone = values
        for key in ["friend", "friendGrown", "friendPet", "friendChild", "friendProper", "friendTrait", "friendMove",
                    "friendSound", "aFriendKind"] {
            alone[key] = nil
        }
        alone["we"] = hero
        alone["friendOrHero"] = hero
        alone["friendOrCritter"] = "the \(critter)"
        alone["helper"] = "the \(critter)"
        awayRenderer = TemplateRenderer(values: alone, soloHero: nobodyElse ? hero : nil)
    }

    private static let plainWords: Set<String> = ["with", "that", "tall", "little", "big", "shiny", "bright", "round", "covered",
                                                  "full", "of", "the", "a", "an", "in", "on", "by", "and"]

    /// Whether two phrases name the same thing ("behind a tall suit of armour", "a shiny suit of armour").
    static func sharesNoun(_ first: String, _ second: String) -> Bool {
        func nouns(_ text: String) -> Set<String> {
            Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
                .filter { $0.count > 3 && !plainWords.contains($0) })
        }
        return !nouns(first).isDisjoint(with: nouns(second))
    }

    /// The plain word for a kind ("grown-up" is never said: grown-ups have names).
    static func kindWord(_ kind: CreatureKind) -> String {
        switch kind {
        case .grownUp: "grown-up"
        default: kind.rawValue
        }
    }
}
