/// A colour in sRGB, stored and shown as `#rrggbb`.
public struct RGB: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public var hex: String {
        "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    public var description: String { hex }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

/// What kind of figure a character is drawn as.
public enum CreatureKind: String, Sendable, Codable, CaseIterable {
    case child, dragon, bunny, bear, cat, dog, fox, owl, unicorn, mouse, turtle, penguin, elephant, robot
    /// A grown-up or an older family member (Grandma, Dad, a teacher): taller, drawn as a person of their own.
    case grownUp
    case horse, fish, whale, octopus, butterfly, dinosaur
    /// The woodland, river and faraway animals families ask for most after the first set.
    case hedgehog, squirrel, badger, beaver, giraffe, koala, sloth, pangolin, crab
    /// Vehicles and things a theme is about ("a little red car who wants to win the race", "a cloud
    /// who wants to make a rainbow"), drawn as picture-book characters: a face on the windscreen,
    /// the engine or the cloud, in the colour the theme names.
    case car, train, tractor, boat, rocket, cloud, snowman
    /// A knight: a person in a helmet and armour.
    case knight
}

extension CreatureKind {
    /// The vehicles and things drawn with a face (never as an animal or a person).
    public static let things: Set<CreatureKind> = [.car, .train, .tractor, .boat, .rocket, .cloud, .snowman]

    /// A vehicle or thing with a face: it rolls, sails or floats, and rests upright (never lying down).
    public var isThing: Bool { Self.things.contains(self) }

    /// Drawn as a person: a child, a grown-up, a knight.
    public var isPerson: Bool { self == .child || self == .grownUp || self == .knight }
}

/// Where a story takes place; the illustrator paints a scene for each.
public enum StorySetting: String, Sendable, Codable, CaseIterable {
    case forest, seaside, space, castle, meadow, mountains, garden, town, underwater, jungle, snow, farm, home
    /// A classroom: desks, a blackboard and a big window.
    case school
    /// A river between grassy banks, with stepping stones and a little bridge.
    case river
    /// Inside a library: shelves of books, a reading lamp and a rug.
    case library
}

/// One character's fixed look and nature, the same on every page.
public struct CharacterDesign: Hashable, Sendable, Codable {
    public var name: String
    public var kind: CreatureKind
    /// Main body or skin colour.
    public var bodyColor: RGB
    /// Clothes, scarf or markings: the colour that makes the character recognisable.
    public var accentColor: RGB
    /// Hair, mane or ears.
    public var detailColor: RGB
    /// One short sentence for text and image prompts ("a small green dragon with a yellow scarf").
    public var looks: String
    /// A gentle trait that shapes how the character acts ("curious", "kind").
    public var trait: String
    /// The content hash of a picture kept for this character (a cast member's first picture):
    /// model illustrators send it as a reference image so the character looks the same in every story.
    public var referencePicture: String?
    /// A person's build, hair style, clothes, glasses, beard and hat (nil for creatures, and for
    /// designs saved before it existed: drawn as a child with a bob).
    public var figure: FigureLook?
    /// How stories refer to this character, as the family set it; nil: by name (never a guessed pronoun).
    public var pronouns: Pronouns?

    public init(name: String, kind: CreatureKind, bodyColor: RGB, accentColor: RGB, detailColor: RGB,
                looks: String, trait: String, referencePicture: String? = nil, figure: FigureLook? = nil,
                pronouns: Pronouns? = nil) {
        self.name = name
        self.kind = kind
        self.bodyColor = bodyColor
        self.accentColor = accentColor
        self.detailColor = detailColor
        self.looks = looks
        self.trait = trait
        self.referencePicture = referencePicture
        self.figure = figure
        self.pronouns = pronouns
    }
}

/// The colours of a story's world.
public struct Palette: Hashable, Sendable, Codable {
    public var sky: RGB
    public var ground: RGB
    public var accent: RGB

    public init(sky: RGB, ground: RGB, accent: RGB) {
        self.sky = sky
        self.ground = ground
        self.accent = accent
    }
}

/// The short, fixed description of hero, companion and world that goes into every page's text
/// and image prompt, so that the same hero appears on every page (and across a collection).
public struct CharacterSheet: Hashable, Sendable, Codable {
    public var hero: CharacterDesign
    public var companion: CharacterDesign?
    public var setting: StorySetting
    /// One sentence describing the place ("a quiet pine forest with a silver stream").
    public var settingDescription: String
    public var palette: Palette
    /// Up to two more named heroes who share the lead with `hero` (members of the family's cast).
    /// Empty for most stories; sheets saved before casts existed read as empty.
    public var friends: [CharacterDesign]
    /// A model writer's choices for what happens next after this story, as screened when it was
    /// written (nil: none, and the vote offers the built-in ones). Kept with the story's sheet; a
    /// sheet carried into the next chapter leaves them behind (``forNextChapter``).
    public var nextChoices: [NextChoice]?

    public init(hero: CharacterDesign, companion: CharacterDesign?, setting: StorySetting,
                settingDescription: String, palette: Palette, friends: [CharacterDesign] = []) {
        self.hero = hero
        self.companion = companion
        self.setting = setting
        self.settingDescription = settingDescription
        self.palette = palette
        self.friends = friends
    }

    private enum CodingKeys: String, CodingKey {
        case hero, companion, setting, settingDescription, palette, friends, nextChoices
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hero = try container.decode(CharacterDesign.self, forKey: .hero)
        companion = try container.decodeIfPresent(CharacterDesign.self, forKey: .companion)
        setting = try container.decode(StorySetting.self, forKey: .setting)
        settingDescription = try container.decode(String.self, forKey: .settingDescription)
        palette = try container.decode(Palette.self, forKey: .palette)
        friends = try container.decodeIfPresent([CharacterDesign].self, forKey: .friends) ?? []
        nextChoices = try container.decodeIfPresent([NextChoice].self, forKey: .nextChoices)
    }

    /// The sheet as the next chapter (or a collection's next story) keeps it: the same cast and
    /// world, without this story's choices for what happens next.
    public var forNextChapter: CharacterSheet {
        var sheet = self
        sheet.nextChoices = nil
        return sheet
    }

    /// The sheet as one paragraph for model prompts. It names no one: the characters are "the hero"
    /// and "the companion", described by their looks (names are family text, sent only as data).
    public var promptSummary: String {
        var lines = ["The hero: \(hero.looks); \(hero.trait)."]
        if let companion { lines.append("The companion: \(companion.looks); \(companion.trait).") }
        for (index, friend) in friends.enumerated() {
            lines.append("The \(index == 0 ? "second" : "third") hero: \(friend.looks); \(friend.trait).")
        }
        lines.append("Setting: \(settingDescription).")
        lines.append("Palette: sky \(palette.sky.hex), ground \(palette.ground.hex), accent \(palette.accent.hex).")
        return lines.joined(separator: " ")
    }
}
