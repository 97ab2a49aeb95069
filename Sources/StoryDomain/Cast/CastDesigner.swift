import Foundation

/// Turns a cast member into the character the illustrators draw, the same in every story: the
/// colours come from the look's colour words ("curly **red** hair, **green** pyjamas" → red hair,
/// green clothes; "a **grey** cat with one **white** paw" → a grey body, white markings), and
/// what the look leaves open from the name alone (never the story's seed), so a child looks the
/// same in every story and every picture. Model illustrators get the family's look as written.
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
    static let skinWords: [(words: [String], rgb: RGB)] = [
        (["pale", "fair", "light"], RGB(250, 222, 200)), (["tan", "tanned", "olive"], RGB(218, 170, 130)),
        (["brown"], RGB(190, 135, 90)), (["dark", "deep", "black"], RGB(120, 80, 55)),
    ]
    static let hairs: [RGB] = [RGB(40, 35, 35), RGB(80, 55, 40), RGB(130, 85, 50), RGB(225, 180, 90), RGB(205, 110, 50)]
    static let outfits: [RGB] = [RGB(250, 205, 70), RGB(220, 80, 70), RGB(120, 180, 235), RGB(110, 180, 110),
                                 RGB(240, 150, 70), RGB(160, 120, 200), RGB(240, 150, 180), RGB(70, 170, 165)]

    /// The member as a character of a story's sheet; `referencePicture` is their portrait.
    public func design(_ member: CastMember) -> CharacterDesign {
        var rng = SeededGenerator(seed: Self.stableSeed(member.name), salt: "cast")
        let words = CharacterSheetDesigner.words(member.look)
        let found = Self.colourMentions(words)
        let figure = member.kind.figure
        let body, accent, detail: RGB
        switch member.kind {
        case .child, .baby, .grownUp:
            // Hair: a colour right before "hair"; skin: a skin word before "skin"; clothes: the first other colour.
            let hair = found.first { $0.next.contains("hair") || $0.next.contains("curls") }?.rgb
            let skin = Self.skin(in: words)
            let clothes = found.first { !($0.next.contains("hair") || $0.next.contains("curls") || $0.next.contains("skin")
                                          || $0.next.contains("eyes")) }?.rgb
            body = skin ?? Self.skins[Int(rng.next(upperBound: UInt32(Self.skins.count)))]
            detail = hair ?? (member.kind == .grownUp && words.contains(where: { ["grandma", "grandpa", "granny"].contains($0) })
                ? RGB(215, 215, 220) : Self.hairs[Int(rng.next(upperBound: UInt32(Self.hairs.count)))])
            accent = clothes ?? Self.outfits[Int(rng.next(upperBound: UInt32(Self.outfits.count)))]
        case .creature:
            // A pet or toy: its first colour is its body, its second its markings (collar, scarf, paw).
            let fallback = CharacterSheetDesigner().design(theme: figure.rawValue, heroName: "Pip", companion: figure.rawValue, age: 5,
                                                           seed: Self.stableSeed(member.name)).companion
            body = found.first?.rgb ?? fallback?.bodyColor ?? RGB(170, 130, 95)
            accent = found.dropFirst().first?.rgb ?? Self.outfits[Int(rng.next(upperBound: UInt32(Self.outfits.count)))]
            detail = found.dropFirst(2).first?.rgb ?? fallback?.detailColor ?? RGB(120, 90, 70)
        }
        let traits = ["curious", "kind", "brave in a quiet way", "gentle", "cheerful", "playful", "thoughtful"]
        return CharacterDesign(name: member.name, kind: figure, bodyColor: body, accentColor: accent, detailColor: detail,
                               looks: Self.looks(member), trait: traits[Int(rng.next(upperBound: UInt32(traits.count)))],
                               referencePicture: member.portrait?.rawValue)
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

    /// Each colour word of the look, with the two words after it.
    static func colourMentions(_ words: [String]) -> [(rgb: RGB, next: [String])] {
        var found: [(RGB, [String])] = []
        for (index, word) in words.enumerated() {
            guard let colour = colours.first(where: { $0.words.contains(word) }) else { continue }
            found.append((colour.rgb, Array(words.dropFirst(index + 1).prefix(2))))
        }
        return found
    }

    static func skin(in words: [String]) -> RGB? {
        for (index, word) in words.enumerated() where word == "skin" || word == "skinned" {
            for before in words[..<index].suffix(2).reversed() {
                if let entry = skinWords.first(where: { $0.words.contains(before) }) { return entry.rgb }
            }
        }
        return nil
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
