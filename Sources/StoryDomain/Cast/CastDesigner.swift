import Foundation

/// Turns a cast member into the character the illustrators draw, the same in every story: the
/// look is read part by part (``LookReader``: "curly **red** hair, **green** pyjamas" → red curly
/// hair, green pyjamas; "a **grey** cat with one **white** paw" → a grey body, white markings),
/// a person's build follows their kind and age, and what the look leaves open comes from the name
/// alone (never the story's seed), so a child looks the same in every story and every picture.
/// Model illustrators get the family's look as written.
public struct CastDesigner: Sendable {
    public init() {}

    /// Colour words and the colour painted for each (the first word of a look's colour wins).
    static let colours: [(words: [String], rgb: RGB)] = [
        (["red", "scarlet", "crimson"], RGB(215, 55, 50)),
        (["orange"], RGB(240, 140, 40)),
        (["yellow", "lemon"], RGB(245, 215, 50)),
        (["green", "emerald", "lime"], RGB(60, 170, 75)),
        (["teal", "turquoise"], RGB(40, 165, 160)),
        (["blue", "navy"], RGB(50, 105, 220)),
        (["purple", "violet", "lilac", "lavender"], RGB(140, 80, 200)),
        (["pink", "rose"], RGB(245, 130, 185)),
        (["white", "snowy", "cream"], RGB(248, 246, 240)),
        (["black", "dark"], RGB(35, 32, 35)),
        (["grey", "gray", "silver"], RGB(160, 160, 168)),
        (["brown", "chocolate", "brunette"], RGB(125, 80, 45)),
        (["blond", "blonde", "golden", "gold"], RGB(235, 195, 90)),
        (["ginger", "auburn", "copper"], RGB(200, 100, 40)),
    ]

    static let skins: [RGB] = [RGB(250, 222, 200), RGB(240, 205, 180), RGB(218, 170, 130), RGB(190, 135, 90),
                               RGB(120, 80, 55), RGB(200, 165, 120)]
    static let hairs: [RGB] = [RGB(40, 35, 35), RGB(80, 55, 40), RGB(130, 85, 50), RGB(225, 180, 90), RGB(205, 110, 50)]
    static let outfits: [RGB] = [RGB(250, 205, 70), RGB(220, 80, 70), RGB(120, 180, 235), RGB(110, 180, 110),
                                 RGB(240, 150, 70), RGB(160, 120, 200), RGB(240, 150, 180), RGB(70, 170, 165)]

    /// The member as a character of a story's sheet; `referencePicture` is their portrait.
    public func design(_ member: CastMember) -> CharacterDesign {
        var rng = SeededGenerator(seed: Self.stableSeed(member.name), salt: "cast")
        let words = CharacterSheetDesigner.words(member.look)
        let figure = member.kind.figure
        let reading = LookReader(person: member.kind.isPerson).read(member.look)
        let body, accent, detail: RGB
        var look: FigureLook?
        switch member.kind {
        case .child, .baby, .grownUp:
            // Each colour where the look puts it: hair to the hair, clothes to the clothes, skin to the skin.
            let elder = member.kind == .grownUp
                && CharacterSheetDesigner.grownUpName(in: CharacterSheetDesigner.words(member.name) + words)?.hasPrefix("Grand") == true
            body = reading.skin ?? Self.skins[Int(rng.next(upperBound: UInt32(Self.skins.count)))]
            detail = reading.hair ?? (elder ? RGB(215, 215, 220) : Self.hairs[Int(rng.next(upperBound: UInt32(Self.hairs.count)))])
            accent = reading.outfit ?? Self.outfits[Int(rng.next(upperBound: UInt32(Self.outfits.count)))]
            look = Self.figureLook(member, reading: reading, elder: elder, outfit: accent)
        case .creature:
            // A pet or toy: its body (the colour of its kind word or fur, else the first), what it
            // wears (collar, scarf), its markings (paws, spots, ears).
            let fallback = CharacterSheetDesigner().design(theme: figure.rawValue, heroName: "Pip", companion: figure.rawValue, age: 5,
                                                           seed: Self.stableSeed(member.name)).companion
            var open = reading.colours.filter { $0 != reading.body && $0 != reading.accessory && $0 != reading.markings }[...]
            body = reading.body ?? open.popFirst() ?? fallback?.bodyColor ?? RGB(170, 130, 95)
            accent = reading.accessory ?? open.popFirst() ?? Self.outfits[Int(rng.next(upperBound: UInt32(Self.outfits.count)))]
            detail = reading.markings ?? open.popFirst() ?? fallback?.detailColor ?? RGB(120, 90, 70)
        }
        let traits = ["curious", "kind", "brave in a quiet way", "gentle", "cheerful", "playful", "thoughtful"]
        return CharacterDesign(name: member.name, kind: figure, bodyColor: body, accentColor: accent, detailColor: detail,
                               looks: Self.looks(member), trait: traits[Int(rng.next(upperBound: UInt32(traits.count)))],
                               referencePicture: member.portrait?.rawValue, figure: look, pronouns: member.pronouns)
    }

    /// A person's build, hair style, clothes, glasses, beard and hat: as the look says, and what
    /// it leaves open from the name (a baby's curl, a grandma's bun).
    static func figureLook(_ member: CastMember, reading: LookReading, elder: Bool, outfit: RGB) -> FigureLook {
        let build: FigureLook.Build = switch member.kind {
        case .baby: .baby
        case .grownUp: .grownUp
        default: FigureLook.Build.child(age: member.age)
        }
        var rng = SeededGenerator(seed: stableSeed(member.name), salt: "cast-style")
        let styles: [FigureLook.HairStyle] = switch build {
        case .baby: [.tuft, .tuft, .bald]
        case .toddler: [.bob, .curly, .short, .pigtails]
        case .child, .olderChild: [.bob, .short, .curly, .ponytail, .pigtails, .long, .braids]
        case .grownUp: elder ? [.bun, .short] : [.short, .bob, .long, .bun, .curly]
        }
        let style = reading.hairStyle ?? styles[Int(rng.next(upperBound: UInt32(styles.count)))]
        return FigureLook(build: build, hairStyle: style, garment: reading.garment ?? (build == .baby ? .allInOne : .top),
                          eyes: reading.eyes, glasses: reading.glasses ? reading.glassesColour ?? RGB(45, 40, 50) : nil,
                          facialHair: reading.facialHair, hat: reading.hat ? reading.hatColour ?? outfit : nil,
                          legs: reading.legs, skirt: reading.skirt, shoes: reading.shoes)
    }

    /// What the member is, with the family's look ("a child of 5: curly red hair, green pyjamas").
    static func looks(_ member: CastMember) -> String {
        let what: String = switch member.kind {
        case .child: member.age.map { "a child of \($0)" } ?? "a child"
        case .baby: "a baby"
        case .grownUp: "a grown-up"
        case let .creature(kind): "a \(kind.rawValue)"
        }
        return member.look.isEmpty ? what : "\(what): \(member.look)"
    }

    /// A seed from the name alone (FNV-1a of its key), so a member is drawn the same every time.
    static func stableSeed(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in CastMember.key(name).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
