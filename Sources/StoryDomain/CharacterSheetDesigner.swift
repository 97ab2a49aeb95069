import Foundation

/// Designs a story's fixed cast and world from a request: infers the setting from theme keywords,
/// dresses the hero, turns a named companion (or a creature named in the theme) into a character,
/// and picks a fitting palette. Deterministic: the same inputs always give the same sheet.
public struct CharacterSheetDesigner: Sendable {
    public init() {}

    /// Builds the character sheet for a story.
    public func design(theme: String, heroName: String, companion: String?, age: Int, seed: UInt64) -> CharacterSheet {
        let themeWords = Self.words(theme)
        let setting = Self.setting(for: themeWords)
        var rng = SeededGenerator(seed: seed, salt: "sheet")
        let heroKind = Self.heroKind(heroName: heroName, themeWords: themeWords)
        let hero = designHero(name: heroName, kind: heroKind, age: age, rng: &rng)

        var companionDesign: CharacterDesign?
        if let companion, !companion.trimmingCharacters(in: .whitespaces).isEmpty {
            let kind = Self.firstKind(in: Self.words(companion)) ?? Self.personOrPet(companion, rng: &rng)
            companionDesign = designCreature(name: Self.companionName(companion), kind: kind, age: age, rng: &rng)
        } else if let thing = Self.actingThing(in: themeWords), thing.kind != heroKind {
            // "a little red car who wants to win the race": the car is the character the story is about.
            companionDesign = designCreature(name: "the \(thing.kind.rawValue)", kind: thing.kind, age: age, rng: &rng,
                                             colour: thing.colour)
        } else if let kind = Self.firstKind(in: themeWords, excluding: Self.metInTheme.union(CreatureKind.things).union([.knight])), kind != heroKind {
            let name = Self.nameForThemeCreature(kind: kind, themeWords: themeWords, heroName: heroName, rng: &rng)
            companionDesign = designCreature(name: name, kind: kind, age: age, rng: &rng)
        } else if let grownUp = Self.grownUpName(in: themeWords) {
            companionDesign = designGrownUp(name: grownUp, age: age, rng: &rng)
        }

        let descriptions = Self.descriptions[setting] ?? ["a wide green meadow full of daisies"]
        let description = descriptions[Int(rng.next(upperBound: UInt32(descriptions.count)))]
        let base = Self.palettes[setting] ?? Palette(sky: RGB(170, 210, 240), ground: RGB(150, 200, 120), accent: RGB(250, 210, 90))
        let accents = [base.accent, hero.accentColor]
        let palette = Palette(sky: base.sky, ground: base.ground, accent: accents[Int(rng.next(upperBound: UInt32(2)))])
        return CharacterSheet(hero: hero, companion: companionDesign, setting: setting,
                              settingDescription: description, palette: palette)
    }

    /// The sheet for a request: designed from it, keeping the hero and companion of
    /// `request.heroSheet` when the story belongs to a series (and, for a chapter, its world too).
    public func design(for request: StoryRequest, heroName: String? = nil) -> CharacterSheet {
        // A chapter continues its chain in the same world: the whole kept sheet.
        if request.chapter != nil, let kept = request.heroSheet { return kept }
        var sheet = design(theme: request.theme, heroName: heroName ?? request.heroName, companion: request.companion,
                           age: request.age, seed: request.seed)
        if let kept = request.heroSheet {
            sheet.hero = kept.hero
            sheet.companion = kept.companion ?? sheet.companion
            sheet.palette.accent = kept.palette.accent
            if !kept.friends.isEmpty { sheet.friends = kept.friends }
        }
        // The pronouns the family gave with the request win; else the kept hero's (a cast member's).
        if let asked = request.heroPronouns { sheet.hero.pronouns = asked }
        return sheet
    }

    /// The sheet with the family's cast members as its heroes: the one named as the hero leads
    /// (drawn from the cast, not the seed), the others (at most two) are its friends. Each keeps
    /// the pronouns set in the cast, except that the hero's given with the request (already on
    /// `sheet.hero`) win.
    public static func casting(_ cast: [CastMember], on sheet: CharacterSheet, heroName: String) -> CharacterSheet {
        guard !cast.isEmpty else { return sheet }
        var sheet = sheet
        let designer = CastDesigner()
        let lead = cast.first { $0.key == CastMember.key(heroName) }
        if let lead {
            let asked = sheet.hero.pronouns
            sheet.hero = designer.design(lead)
            if let asked { sheet.hero.pronouns = asked }
        }
        sheet.friends = cast.filter { $0 != lead }.prefix(2).map(designer.design)
        // A companion who is also a named hero is not drawn twice.
        if let companion = sheet.companion, sheet.friends.contains(where: { CastMember.key($0.name) == CastMember.key(companion.name) }) {
            sheet.companion = nil
        }
        return sheet
    }

    /// The first creature named in a text ("a sleepy dragon" → `.dragon`), if any.
    public static func creatureKind(in text: String) -> CreatureKind? { firstKind(in: words(text)) }

    /// The setting a theme suggests ("a trip to the beach" → `.seaside`); `.meadow` when nothing matches.
    public static func setting(forTheme theme: String) -> StorySetting { setting(for: words(theme)) }

    // MARK: - Keywords

    static func words(_ text: String) -> [String] {
        text.lowercased()
            .components(separatedBy: CharacterSet.letters.inverted)
            .filter { !$0.isEmpty }
    }

    private static func matches(_ word: String, _ keyword: String) -> Bool {
        word == keyword || word == keyword + "s" || word == keyword + "es"
    }

    /// Words that name a place outright; the first of these in a theme wins over any creature or
    /// thing that merely suggests a setting ("a penguin under the sea" is underwater, not snowy).
    private static let placeKeywords: [(StorySetting, [String])] = [
        (.underwater, ["underwater", "undersea", "seabed", "reef", "coral"]),
        (.space, ["moon", "space", "planet", "galaxy", "mars"]),
        (.school, ["school", "classroom", "class", "nursery", "kindergarten", "preschool"]),
        (.castle, ["castle", "palace", "kingdom", "tower"]),
        (.forest, ["forest", "woods", "woodland"]),
        (.seaside, ["beach", "seaside", "shore", "island", "harbour", "harbor"]),
        (.snow, ["snow", "winter", "igloo", "arctic"]),
        (.farm, ["farm", "barn", "farmyard"]),
        (.jungle, ["jungle", "rainforest"]),
        (.mountains, ["mountain", "hill", "valley"]),
        (.garden, ["garden", "allotment"]),
        (.library, ["library", "libraries", "bookshop"]),
        (.river, ["river", "riverbank", "stream", "brook", "lake", "pond", "canal"]),
        (.town, ["town", "city", "village", "street", "bakery"]),
        (.home, ["home", "house", "bedroom", "kitchen"]),
    ]

    private static let settingKeywords: [(StorySetting, [String])] = [
        (.underwater, ["underwater", "fish", "mermaid", "whale", "seahorse", "octopus", "coral", "dolphin"]),
        (.forest, ["forest", "woods", "wood", "tree", "pine"]),
        (.seaside, ["sea", "beach", "ocean", "boat", "ship", "pirate", "shell", "seaside", "sand"]),
        (.space, ["space", "star", "moon", "rocket", "planet", "astronaut", "comet", "galaxy"]),
        (.castle, ["castle", "king", "queen", "princess", "prince", "knight", "kingdom", "palace"]),
        (.snow, ["snow", "winter", "ice", "penguin", "snowman", "igloo", "frost"]),
        (.farm, ["farm", "cow", "tractor", "pig", "sheep", "barn", "hen", "chicken", "duck"]),
        (.jungle, ["jungle", "monkey", "tiger", "parrot", "lion", "giraffe"]),
        (.mountains, ["mountain", "hill", "valley", "cliff"]),
        (.garden, ["garden", "flower", "rose", "bee", "butterfly", "tulip"]),
        (.town, ["town", "city", "bus", "street", "train", "shop"]),
        (.home, ["bed", "home", "house", "bedtime", "bedroom", "bath", "pyjamas", "pajamas"]),
    ]

    /// The setting named earliest in the theme, or a meadow.
    static func setting(for words: [String]) -> StorySetting {
        for (index, word) in words.enumerated() {
            // "under the sea", "under the ocean", "under water", "under the waves"
            if word == "under", words.dropFirst(index + 1).prefix(2).contains(where: { ["sea", "ocean", "water", "waves"].contains($0) }) {
                return .underwater
            }
            for (setting, keywords) in placeKeywords where keywords.contains(where: { matches(word, $0) }) {
                return setting
            }
        }
        for word in words {
            for (setting, keywords) in settingKeywords where keywords.contains(where: { matches(word, $0) }) {
                return setting
            }
        }
        return .meadow
    }

    private static let kindKeywords: [(CreatureKind, [String])] = [
        (.dragon, ["dragon"]), (.bunny, ["bunny", "bunnie", "rabbit", "hare"]), (.bear, ["bear", "teddy", "teddie"]),
        (.cat, ["cat", "kitten", "kitty", "kittie", "whisker"]), (.dog, ["dog", "puppy", "puppie", "pup", "doggy"]),
        (.fox, ["fox"]), (.owl, ["owl"]), (.unicorn, ["unicorn"]), (.mouse, ["mouse", "mice"]),
        (.turtle, ["turtle", "tortoise"]), (.penguin, ["penguin"]), (.elephant, ["elephant"]),
        (.robot, ["robot", "robo"]), (.horse, ["horse", "pony", "ponie", "foal"]), (.fish, ["fish", "goldfish"]),
        (.whale, ["whale"]), (.octopus, ["octopus", "octopuse", "octopi"]), (.butterfly, ["butterfly", "butterflie"]),
        (.dinosaur, ["dinosaur", "dino", "tyrannosaurus", "triceratops"]), (.hedgehog, ["hedgehog", "hoglet"]),
        (.squirrel, ["squirrel"]), (.badger, ["badger"]), (.beaver, ["beaver"]), (.giraffe, ["giraffe"]),
        (.koala, ["koala"]), (.sloth, ["sloth"]), (.pangolin, ["pangolin"]), (.crab, ["crab"]),
        (.car, ["car", "racecar"]), (.train, ["train", "locomotive"]), (.tractor, ["tractor"]),
        (.boat, ["boat", "tugboat", "sailboat", "ship"]), (.rocket, ["rocket"]), (.cloud, ["cloud"]),
        (.snowman, ["snowman", "snowmen"]), (.knight, ["knight"]),
    ]

    /// Words that name someone: a theme naming one before a thing is about them, not the thing.
    private static let someoneWords: Set<String> = [
        "girl", "boy", "child", "kid", "princess", "prince", "king", "queen", "pirate", "astronaut", "wizard", "fairy",
        "mermaid", "teacher", "farmer", "baker", "doctor", "explorer", "captain", "builder", "firefighter",
    ]

    /// Colours a theme may give a thing ("a little red car"), as the thing is painted.
    private static let thingColours: [Named] = [
        ("red", RGB(220, 60, 55)), ("blue", RGB(70, 130, 220)), ("yellow", RGB(250, 205, 60)), ("green", RGB(80, 170, 90)),
        ("orange", RGB(240, 140, 50)), ("purple", RGB(150, 100, 200)), ("pink", RGB(240, 140, 180)),
        ("white", RGB(248, 248, 250)), ("black", RGB(60, 60, 70)), ("silver", RGB(200, 205, 215)),
        ("grey", RGB(160, 160, 170)), ("gray", RGB(160, 160, 170)), ("golden", RGB(240, 195, 70)), ("brown", RGB(150, 100, 60)),
    ]

    /// The vehicle, thing or knight a theme is about: named before anyone else and doing something
    /// ("a little red car who…", "a train that carries…", "a tugboat whose engine…"), with the
    /// colour said just before it, if any. Nil when a creature or person comes first ("a badger who
    /// paints his boat": the boat is a thing in the story, not a character).
    static func actingThing(in words: [String]) -> (kind: CreatureKind, colour: Named?)? {
        for (index, word) in words.enumerated() {
            if someoneWords.contains(word) || grownUpName(in: [word]) != nil { return nil }
            guard let kind = firstKind(in: [word]) else { continue }
            guard kind.isThing || kind == .knight,
                  index + 1 < words.count, ["who", "that", "which", "whose"].contains(words[index + 1]) else { return nil }
            let before = words[max(0, index - 2)..<index]
            let colour = before.reversed().lazy.compactMap { said in thingColours.first { $0.name == said } }.first
            return (kind, colour)
        }
        return nil
    }

    /// Grown-ups and older family members, each with the name the story calls them by.
    private static let grownUps: [(name: String, words: [String])] = [
        ("Grandma", ["grandma", "granny", "nana", "nan", "gran", "grandmother"]),
        ("Grandpa", ["grandpa", "grandad", "granddad", "grandfather", "gramps", "grampa"]),
        ("Mum", ["mum", "mom", "mummy", "mommy", "mother", "mama"]), ("Dad", ["dad", "daddy", "papa", "father"]),
        ("Auntie", ["aunt", "auntie", "aunty"]), ("Uncle", ["uncle"]), ("the teacher", ["teacher"]),
    ]

    /// The grown-up a text names first ("my granny" → "Grandma"), if any.
    public static func grownUpName(in words: [String]) -> String? {
        for word in words {
            if let entry = grownUps.first(where: { $0.words.contains(word) || $0.words.contains { word == $0 + "s" } }) {
                return entry.name
            }
        }
        return nil
    }

    /// Animals that a theme naming them meets on the way rather than takes along: the story calls
    /// them "the hedgehog" and the illustrator draws them beside the pair, in fixed colours, on every
    /// page. Named as a companion, in the cast, or as the hero, they are characters like any other.
    static let metInTheme: Set<CreatureKind> = [.hedgehog, .squirrel, .badger, .beaver, .giraffe, .koala, .sloth, .pangolin, .crab]

    /// The first creature named in a list of words (not one of `excluding`).
    static func firstKind(in words: [String], excluding: Set<CreatureKind> = []) -> CreatureKind? {
        for word in words {
            for (kind, keywords) in kindKeywords where !excluding.contains(kind) && keywords.contains(where: { matches(word, $0) }) {
                return kind
            }
        }
        return nil
    }

    /// A child, unless the name is a creature ("Dragon", "Little Owl") or the theme says so
    /// ("Pip the fox", "a bunny called Pip").
    static func heroKind(heroName: String, themeWords: [String]) -> CreatureKind {
        if let kind = firstKind(in: words(heroName)) { return kind }
        let nameWords = words(heroName)
        guard let first = nameWords.first, let last = nameWords.last else { return .child }
        for (index, word) in themeWords.enumerated() {
            // "<name> the <creature>"
            if word == last, index + 2 < themeWords.count, themeWords[index + 1] == "the",
               let kind = firstKind(in: [themeWords[index + 2]]) {
                return kind
            }
            // "<creature> called/named <name>"
            if word == first, index >= 2, ["called", "named"].contains(themeWords[index - 1]),
               let kind = firstKind(in: [themeWords[index - 2]]) {
                return kind
            }
        }
        return .child
    }

    private static let personWords: Set<String> = [
        "grandma", "grandpa", "granny", "nana", "papa", "mum", "mom", "mummy", "mommy", "dad", "daddy",
        "sister", "brother", "friend", "baby", "cousin", "auntie", "aunt", "uncle",
    ]

    /// For a companion without a creature keyword: a person ("Grandma", "Sam") is drawn as a child;
    /// anything else becomes a soft toy animal.
    private static func personOrPet(_ text: String, rng: inout SeededGenerator) -> CreatureKind {
        let lowered = words(text)
        if grownUpName(in: lowered) != nil { return .grownUp }
        if lowered.contains(where: personWords.contains) { return .child }
        if let first = text.unicodeScalars.first, first.properties.isUppercase { return .child }
        let pets: [CreatureKind] = [.bunny, .bear, .cat, .dog, .owl]
        return pets[Int(rng.next(upperBound: UInt32(pets.count)))]
    }

    /// The companion text as written; a leading "a"/"an" becomes "the" so it reads as a name.
    static func companionName(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for article in ["a ", "an ", "A ", "An "] where trimmed.hasPrefix(article) && trimmed.count > article.count {
            return "the " + trimmed.dropFirst(article.count)
        }
        return trimmed
    }

    private static let creatureNames: [CreatureKind: [String]] = [
        .dragon: ["Ember", "Pebble", "Sparky"], .bunny: ["Clover", "Hopscotch", "Bramble"],
        .bear: ["Honey", "Bramble", "Barnaby"], .cat: ["Mittens", "Pudding", "Marmalade"],
        .dog: ["Biscuit", "Scout", "Noodle"], .fox: ["Rusty", "Fern", "Maple"], .owl: ["Hoot", "Luna", "Sage"],
        .unicorn: ["Stardust", "Willow", "Moonbeam"], .mouse: ["Nibble", "Pip", "Crumb"],
        .turtle: ["Shelby", "Moss", "Slowpoke"], .penguin: ["Waddles", "Pebble", "Flip"],
        .elephant: ["Peanut", "Trumpet", "Pearl"], .robot: ["Bolt", "Beep", "Gizmo"], .child: ["Sam", "Robin", "Alex"],
        .horse: ["Clover", "Dapple", "Star"], .fish: ["Bubbles", "Finn", "Coral"], .whale: ["Big Blue", "Misty", "Wave"],
        .octopus: ["Inky", "Squiggle", "Wiggles"], .butterfly: ["Flutter", "Poppy", "Petal"],
        .dinosaur: ["Rex", "Stompy", "Pebbles"], .grownUp: ["Grandma"],
        .hedgehog: ["Prickles", "Conker", "Bramble"], .squirrel: ["Hazel", "Nutkin", "Acorn"],
        .badger: ["Barley", "Stripe", "Bodkin"], .beaver: ["Chip", "Timber", "Bucky"],
        .giraffe: ["Tallulah", "Spots", "Longo"], .koala: ["Gumnut", "Kip", "Dreamy"],
        .sloth: ["Slowly", "Mossy", "Sunny"], .pangolin: ["Pango", "Scales", "Pippin"],
        .crab: ["Pinch", "Sandy", "Clicky"],
    ]

    private static let sleepyWords: Set<String> = ["sleepy", "tired", "dozy", "drowsy", "yawning", "snoozy"]

    private static func nameForThemeCreature(kind: CreatureKind, themeWords: [String], heroName: String,
                                             rng: inout SeededGenerator) -> String {
        var names = creatureNames[kind] ?? ["Pip"]
        if themeWords.contains(where: sleepyWords.contains) { names = ["Dozy", "Snoozy"] + names.prefix(1) }
        names.removeAll { $0.lowercased() == heroName.lowercased() }
        return names[Int(rng.next(upperBound: UInt32(max(names.count, 1))))]
    }

    // MARK: - Looks

    typealias Named = (name: String, rgb: RGB)

    private static let skins: [Named] = [
        ("light peach", RGB(250, 222, 200)), ("rosy beige", RGB(240, 205, 180)), ("warm tan", RGB(218, 170, 130)),
        ("golden brown", RGB(190, 135, 90)), ("deep brown", RGB(120, 80, 55)), ("olive", RGB(200, 165, 120)),
    ]
    private static let hairColors: [Named] = [
        ("black", RGB(40, 35, 35)), ("dark brown", RGB(80, 55, 40)), ("brown", RGB(130, 85, 50)),
        ("auburn", RGB(150, 70, 40)), ("golden", RGB(225, 180, 90)), ("ginger", RGB(205, 110, 50)),
    ]
    private static let hairStyles = ["curly", "wavy", "straight", "short", "fluffy", "braided"]
    private static let outfitColors: [Named] = [
        ("yellow", RGB(250, 205, 70)), ("red", RGB(220, 80, 70)), ("sky-blue", RGB(120, 180, 235)),
        ("green", RGB(110, 180, 110)), ("orange", RGB(240, 150, 70)), ("purple", RGB(160, 120, 200)),
        ("pink", RGB(240, 150, 180)), ("teal", RGB(70, 170, 165)),
    ]
    private static let outfits = ["raincoat", "jumper", "hoodie", "cardigan", "dungarees", "dress with pockets"]

    private static let bodies: [CreatureKind: [Named]] = [
        .dragon: [("green", RGB(120, 190, 110)), ("lilac", RGB(190, 160, 220)), ("sea-blue", RGB(90, 160, 200))],
        .bunny: [("white", RGB(245, 242, 235)), ("grey", RGB(180, 178, 175)), ("honey-brown", RGB(200, 150, 100))],
        .bear: [("honey-brown", RGB(190, 135, 80)), ("cream", RGB(240, 225, 195)), ("chocolate", RGB(120, 80, 55))],
        .cat: [("ginger", RGB(230, 150, 80)), ("grey", RGB(165, 165, 170)), ("black", RGB(50, 48, 55))],
        .dog: [("golden", RGB(225, 185, 110)), ("spotty white", RGB(240, 235, 225)), ("chocolate", RGB(125, 85, 55))],
        .fox: [("orange", RGB(235, 130, 60)), ("russet", RGB(190, 95, 50))],
        .owl: [("brown", RGB(150, 110, 75)), ("snowy white", RGB(240, 240, 235)), ("speckled grey", RGB(160, 155, 150))],
        .unicorn: [("white", RGB(248, 246, 250)), ("pale pink", RGB(248, 210, 225)), ("pearl-grey", RGB(220, 218, 225))],
        .mouse: [("grey", RGB(170, 165, 160)), ("brown", RGB(160, 120, 90)), ("white", RGB(245, 240, 235))],
        .turtle: [("green", RGB(110, 170, 100)), ("olive", RGB(140, 150, 80))],
        .penguin: [("black-and-white", RGB(45, 50, 60))],
        .elephant: [("grey", RGB(170, 170, 180)), ("pale blue-grey", RGB(175, 190, 205))],
        .robot: [("silver", RGB(200, 205, 215)), ("copper", RGB(200, 130, 80)), ("mint-green", RGB(160, 220, 190))],
        .horse: [("chestnut", RGB(170, 100, 60)), ("white", RGB(245, 243, 238)), ("dappled grey", RGB(180, 180, 185))],
        .fish: [("orange", RGB(250, 140, 50)), ("golden", RGB(245, 200, 60)), ("blue", RGB(80, 150, 230))],
        .whale: [("blue-grey", RGB(90, 120, 160)), ("deep blue", RGB(60, 90, 150))],
        .octopus: [("pink", RGB(240, 130, 160)), ("purple", RGB(160, 100, 190)), ("coral-red", RGB(230, 100, 90))],
        .butterfly: [("blue", RGB(90, 160, 240)), ("yellow", RGB(250, 215, 70)), ("pink", RGB(245, 150, 200))],
        .dinosaur: [("green", RGB(110, 180, 100)), ("orange", RGB(235, 150, 70)), ("purple", RGB(160, 120, 200))],
        .hedgehog: [("brown", RGB(150, 110, 80)), ("sandy", RGB(195, 160, 115))],
        .squirrel: [("red", RGB(200, 100, 55)), ("grey", RGB(160, 158, 155))],
        .badger: [("silver-grey", RGB(150, 150, 155))],
        .beaver: [("brown", RGB(140, 95, 60)), ("chestnut", RGB(165, 105, 65))],
        .giraffe: [("golden", RGB(240, 195, 100))],
        .koala: [("grey", RGB(170, 170, 178)), ("silver", RGB(195, 195, 200))],
        .sloth: [("sandy-brown", RGB(180, 150, 115)), ("mossy brown", RGB(150, 135, 100))],
        .pangolin: [("bronze", RGB(175, 130, 85)), ("olive-brown", RGB(150, 125, 85))],
        .crab: [("red", RGB(225, 85, 65)), ("orange", RGB(240, 130, 60))],
        .car: [("red", RGB(220, 60, 55)), ("blue", RGB(70, 130, 220)), ("yellow", RGB(250, 205, 60))],
        .train: [("green", RGB(70, 150, 90)), ("blue", RGB(70, 120, 200)), ("red", RGB(205, 60, 55))],
        .tractor: [("green", RGB(80, 160, 80)), ("red", RGB(210, 65, 55))],
        .boat: [("red", RGB(210, 70, 60)), ("blue", RGB(70, 120, 200))],
        .rocket: [("silver", RGB(200, 205, 215)), ("red", RGB(215, 70, 60))],
        .cloud: [("white", RGB(248, 248, 252)), ("pale grey", RGB(225, 228, 236))],
        .snowman: [("snow-white", RGB(248, 250, 253))],
    ]

    private static func pick<T>(_ items: [T], _ rng: inout SeededGenerator) -> T {
        items[Int(rng.next(upperBound: UInt32(items.count)))]
    }

    private static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    private static let heroTraits = ["curious", "kind", "brave in a quiet way", "gentle", "thoughtful", "cheerful", "dreamy"]
    private static let friendTraits = ["sleepy", "playful", "shy but friendly", "gentle", "giggly", "wise", "kind"]

    private func designHero(name: String, kind: CreatureKind, age: Int, rng: inout SeededGenerator) -> CharacterDesign {
        guard kind == .child else {
            var design = designCreature(name: name, kind: kind, age: age, rng: &rng)
            design.trait = Self.pick(Self.heroTraits, &rng)
            return design
        }
        var design = designChild(name: name, age: age, rng: &rng)
        design.trait = Self.pick(Self.heroTraits, &rng)
        return design
    }

    private func designChild(name: String, age: Int, rng: inout SeededGenerator) -> CharacterDesign {
        let skin = Self.pick(Self.skins, &rng)
        let hair = Self.pick(Self.hairColors, &rng)
        let style = Self.pick(Self.hairStyles, &rng)
        let outfitColor = Self.pick(Self.outfitColors, &rng)
        let outfit = Self.pick(Self.outfits, &rng)
        let child = age <= 4 ? "a little child" : (age <= 7 ? "a small child" : "a child")
        let outfitPhrase = outfit == "dungarees"
            ? "\(outfitColor.name) dungarees"
            : "\(Self.article(outfitColor.name)) \(outfitColor.name) \(outfit)"
        let looks = "\(child) with \(skin.name) skin, \(style) \(hair.name) hair and \(outfitPhrase)"
        let drawnStyle: FigureLook.HairStyle = switch style {
        case "curly", "fluffy": .curly
        case "short": .short
        case "braided": .braids
        case "straight": .long
        default: .bob
        }
        let figure = FigureLook(build: FigureLook.Build.child(age: max(2, age)), hairStyle: drawnStyle,
                                garment: outfit == "raincoat" ? .coat : outfit.hasPrefix("dress") ? .dress : outfit == "dungarees" ? .allInOne : .top)
        return CharacterDesign(name: name, kind: .child, bodyColor: skin.rgb, accentColor: outfitColor.rgb,
                               detailColor: hair.rgb, looks: looks, trait: Self.pick(Self.friendTraits, &rng), figure: figure)
    }

    /// A grown-up: taller than the hero; grandparents have grey or white hair.
    private func designGrownUp(name: String, age: Int, rng: inout SeededGenerator) -> CharacterDesign {
        let skin = Self.pick(Self.skins, &rng)
        let lowered = name.lowercased()
        let elder = lowered.hasPrefix("grand")
        let hair: Named = elder ? Self.pick([("silver-grey", RGB(200, 200, 205)), ("snow-white", RGB(240, 240, 240))], &rng)
            : Self.pick(Self.hairColors, &rng)
        let colour = Self.pick(Self.outfitColors, &rng)
        let clothes = elder ? "cardigan" : Self.pick(["jumper", "coat", "shirt"], &rng)
        let glasses = elder ? " and round glasses" : ""
        let looks = "a tall grown-up with \(skin.name) skin, \(hair.name) hair\(glasses) and \(Self.article(colour.name)) \(colour.name) \(clothes)"
        let style: FigureLook.HairStyle = switch name {
        case "Grandma": .bun
        case "Grandpa", "Dad", "Uncle": .short
        case "Mum", "Auntie": .long
        default: .bob
        }
        let figure = FigureLook(build: .grownUp, hairStyle: style, garment: clothes == "coat" ? .coat : .top,
                                glasses: elder ? RGB(45, 40, 50) : nil)
        return CharacterDesign(name: name, kind: .grownUp, bodyColor: skin.rgb, accentColor: colour.rgb,
                               detailColor: hair.rgb, looks: looks, trait: Self.pick(["kind", "gentle", "wise", "cheerful"], &rng),
                               figure: figure)
    }

    private func designCreature(name: String, kind: CreatureKind, age: Int, rng: inout SeededGenerator,
                                colour: Named? = nil) -> CharacterDesign {
        if kind == .child { return designChild(name: name, age: age, rng: &rng) }
        if kind == .grownUp { return designGrownUp(name: name, age: age, rng: &rng) }
        if kind == .knight { return designKnight(name: name, rng: &rng, colour: colour) }
        let picked = Self.pick(Self.bodies[kind] ?? [("soft brown", RGB(170, 130, 95))], &rng)
        let body = colour ?? picked
        let accent = Self.pick(Self.outfitColors, &rng)
        let a = Self.article(accent.name)
        let looks: String
        switch kind {
        case .dragon: looks = "a small \(body.name) dragon with tiny wings and \(a) \(accent.name) scarf"
        case .bunny: looks = "a soft \(body.name) bunny with long floppy ears and \(a) \(accent.name) bow"
        case .bear: looks = "a cuddly \(body.name) bear with round ears and \(a) \(accent.name) scarf"
        case .cat: looks = "a fluffy \(body.name) cat with long whiskers and \(a) \(accent.name) collar"
        case .dog: looks = "a friendly \(body.name) puppy with floppy ears and \(a) \(accent.name) collar"
        case .fox: looks = "a little \(body.name) fox with a white-tipped tail and \(a) \(accent.name) scarf"
        case .owl: looks = "a round \(body.name) owl with big golden eyes and \(a) \(accent.name) scarf"
        case .unicorn: looks = "a small \(body.name) unicorn with a shimmering horn and \(a) \(accent.name) mane"
        case .mouse: looks = "a tiny \(body.name) mouse with round pink ears and \(a) \(accent.name) scarf"
        case .turtle: looks = "a gentle \(body.name) turtle with \(a) \(accent.name) patterned shell"
        case .penguin: looks = "a little \(body.name) penguin with \(a) \(accent.name) woolly hat"
        case .elephant: looks = "a baby \(body.name) elephant with big soft ears and \(a) \(accent.name) blanket"
        case .robot: looks = "a small round \(body.name) robot with \(a) \(accent.name) glowing light"
        case .horse: looks = "a gentle \(body.name) horse with a long mane and \(a) \(accent.name) saddle blanket"
        case .fish: looks = "a little \(body.name) fish with big round eyes and \(a) \(accent.name) striped tail"
        case .whale: looks = "a big, kind \(body.name) whale with a pale belly and \(a) \(accent.name) spot"
        case .octopus: looks = "a small \(body.name) octopus with eight curly arms and \(a) \(accent.name) hat"
        case .butterfly: looks = "a \(body.name) butterfly with wide wings and \(a) \(accent.name) pattern"
        case .dinosaur: looks = "a friendly \(body.name) dinosaur with a long tail and \(a) \(accent.name) scarf"
        case .hedgehog: looks = "a little \(body.name) hedgehog with soft prickles and \(a) \(accent.name) scarf"
        case .squirrel: looks = "a quick \(body.name) squirrel with a big bushy tail and \(a) \(accent.name) scarf"
        case .badger: looks = "a stout \(body.name) badger with a black-and-white striped face and \(a) \(accent.name) scarf"
        case .beaver: looks = "a busy \(body.name) beaver with a flat tail, two big teeth and \(a) \(accent.name) scarf"
        case .giraffe: looks = "a tall \(body.name) giraffe with brown patches, a long neck and \(a) \(accent.name) scarf"
        case .koala: looks = "a sleepy \(body.name) koala with big fluffy ears and \(a) \(accent.name) scarf"
        case .sloth: looks = "a slow, smiling \(body.name) sloth with long arms and \(a) \(accent.name) scarf"
        case .pangolin: looks = "a small \(body.name) pangolin covered in leafy scales, with \(a) \(accent.name) scarf"
        case .crab: looks = "a little \(body.name) crab with two big claws and \(a) \(accent.name) hat"
        case .car: looks = "a little \(body.name) car with big friendly eyes on its windscreen and \(a) \(accent.name) stripe"
        case .train: looks = "a little \(body.name) steam engine with a smiling face and \(a) \(accent.name) carriage"
        case .tractor: looks = "a kind \(body.name) tractor with big back wheels, a smiling face and \(a) \(accent.name) cab"
        case .boat: looks = "a little \(body.name) tugboat with round porthole eyes and \(a) \(accent.name) funnel"
        case .rocket: looks = "a small \(body.name) rocket with round window eyes and \(a) \(accent.name) nose"
        case .cloud: looks = "a soft \(body.name) cloud with rosy cheeks and \(a) \(accent.name) rainbow scarf"
        case .snowman: looks = "a round snowman with a carrot nose and \(a) \(accent.name) scarf"
        case .child: looks = "a small child"
        case .grownUp: looks = "a grown-up"
        case .knight: looks = "a knight"
        }
        let detail = Self.pick(Self.hairColors, &rng)
        return CharacterDesign(name: name, kind: kind, bodyColor: body.rgb, accentColor: accent.rgb,
                               detailColor: detail.rgb, looks: looks, trait: Self.pick(Self.friendTraits, &rng))
    }

    /// A knight: a young person in silver armour and a helmet, the plume and tunic in the theme's
    /// colour (or a picked one).
    private func designKnight(name: String, rng: inout SeededGenerator, colour: Named?) -> CharacterDesign {
        let skin = Self.pick(Self.skins, &rng)
        let picked = Self.pick(Self.outfitColors, &rng)
        let tunic = colour ?? picked
        let hair = Self.pick(Self.hairColors, &rng)
        let armour = RGB(200, 205, 215)
        let figure = FigureLook(build: .olderChild, hairStyle: .short, garment: .top, legs: armour, shoes: RGB(110, 110, 125))
        return CharacterDesign(name: name, kind: .knight, bodyColor: skin.rgb, accentColor: tunic.rgb, detailColor: hair.rgb,
                               looks: "a young knight in shining silver armour and a helmet with \(Self.article(tunic.name)) \(tunic.name) plume",
                               trait: Self.pick(Self.friendTraits, &rng), figure: figure)
    }

    // MARK: - Settings

    private static let descriptions: [StorySetting: [String]] = [
        .forest: ["a quiet pine forest with a silver stream", "an old green wood full of mossy stones and tall oaks"],
        .seaside: ["a sandy bay with little boats and a striped lighthouse", "a gentle seaside with rock pools and soft dunes"],
        .space: ["a sleepy little moon among twinkling stars", "a quiet corner of space with a ringed planet and bright comets"],
        .castle: ["a friendly castle with round towers and flags on every roof", "a little castle on a hill with a garden of roses"],
        .meadow: ["a wide green meadow full of daisies", "a soft meadow of tall grass and buttercups beside a stream"],
        .mountains: ["a valley of gentle mountains with a winding path", "green hills rolling up to snowy mountain tops"],
        .garden: ["a garden full of sunflowers, bees and a little pond", "a walled garden with apple trees and winding flower beds"],
        .town: ["a small town of bright houses and a clock tower", "a cosy town with a bakery, a park and a little red bus"],
        .underwater: ["a calm blue sea with coral gardens and swaying seaweed", "a sunlit lagoon under the waves, full of bright fish"],
        .jungle: ["a warm green jungle with giant leaves and a sparkling waterfall", "a leafy jungle full of vines, flowers and chattering birds"],
        .snow: ["a snowy valley with frosted pine trees and a frozen pond", "a white winter land of soft snow and twinkling icicles"],
        .farm: ["a little farm with a red barn, a duck pond and sleepy cows", "a green farm with hay bales, a windmill and an apple orchard"],
        .home: ["a cosy little house with a creaky staircase and a window full of stars", "a warm home with soft blankets, a bookshelf and a night-light"],
        .river: ["a slow green river between grassy banks, with stepping stones and a little wooden bridge",
                 "a sparkling stream winding through the meadow, with reeds, willows and a humpbacked bridge"],
        .library: ["a quiet library with tall shelves of books, a reading lamp and a soft rug",
                   "a cosy library corner with picture books, big cushions and a warm lamp"],
        .school: ["a bright classroom with little desks, a green blackboard and a big sunny window", "a friendly school room with paintings on the walls and a reading corner"],
    ]

    private static let palettes: [StorySetting: Palette] = [
        .forest: Palette(sky: RGB(180, 215, 235), ground: RGB(70, 120, 70), accent: RGB(230, 190, 90)),
        .seaside: Palette(sky: RGB(165, 215, 245), ground: RGB(240, 220, 170), accent: RGB(240, 120, 100)),
        .space: Palette(sky: RGB(30, 35, 80), ground: RGB(190, 190, 205), accent: RGB(250, 225, 120)),
        .castle: Palette(sky: RGB(185, 210, 240), ground: RGB(130, 175, 110), accent: RGB(200, 110, 160)),
        .meadow: Palette(sky: RGB(170, 210, 240), ground: RGB(150, 200, 110), accent: RGB(250, 215, 90)),
        .mountains: Palette(sky: RGB(175, 205, 235), ground: RGB(120, 150, 110), accent: RGB(235, 150, 90)),
        .garden: Palette(sky: RGB(185, 220, 240), ground: RGB(120, 180, 90), accent: RGB(240, 130, 160)),
        .town: Palette(sky: RGB(190, 215, 240), ground: RGB(190, 180, 170), accent: RGB(230, 90, 80)),
        .underwater: Palette(sky: RGB(70, 150, 190), ground: RGB(220, 200, 160), accent: RGB(250, 150, 110)),
        .jungle: Palette(sky: RGB(175, 220, 210), ground: RGB(60, 130, 70), accent: RGB(250, 170, 60)),
        .snow: Palette(sky: RGB(200, 220, 240), ground: RGB(245, 248, 252), accent: RGB(120, 160, 220)),
        .farm: Palette(sky: RGB(175, 215, 240), ground: RGB(160, 195, 100), accent: RGB(200, 70, 60)),
        .home: Palette(sky: RGB(60, 70, 120), ground: RGB(200, 160, 120), accent: RGB(250, 210, 130)),
        .school: Palette(sky: RGB(175, 215, 240), ground: RGB(205, 170, 120), accent: RGB(240, 120, 90)),
        .river: Palette(sky: RGB(175, 215, 240), ground: RGB(135, 190, 100), accent: RGB(240, 170, 80)),
        .library: Palette(sky: RGB(170, 205, 235), ground: RGB(170, 120, 85), accent: RGB(200, 90, 80)),
    ]
}
