/// Reads a cast member's look ("brown pigtails, yellow raincoat", "a grey puppy with a blue
/// collar") into a ``LookReading``. English words, as the rest of the look's handling.
///
/// The look is split into clauses at punctuation and at joining words ("and", "with", "in",
/// "wearing"); within a clause each colour goes to the nearest part ("hair", "pigtails",
/// "raincoat", "eyes", "skin", "collar"), the next one on a tie. A clause of colours alone joins
/// the clause before it when that one has no colour ("a dress, blue"), else the one after it
/// ("green and white dress"). Hair-only colours ("blonde", "auburn") always go to the hair.
public struct LookReader: Sendable {
    /// A person (child, baby, grown-up) or a pet or toy: "coat" is clothing on one, fur on the other.
    let person: Bool

    public init(person: Bool) {
        self.person = person
    }

    /// What a part of the look is.
    enum Part: Equatable {
        case hair, eyes, skin, glasses, hat, legs, skirt, shoes, body, markings, accessory
        case beard(FigureLook.FacialHair)
        /// A garment and how much it says about the outfit (a dress 3, a coat 2, a jumper 1).
        case garment(FigureLook.Garment, rank: Int)
    }

    public func read(_ look: String) -> LookReading {
        var reading = LookReading()
        var styleRank = 0
        for clause in Self.clauses(look) {
            let parts = clause.enumerated().compactMap { index, word in part(of: word).map { (index, $0) } }
            let hasHair = parts.contains { $0.1 == .hair }
            for (index, word) in clause.enumerated() {
                if let (style, rank) = Self.hairStyle(word, hasHairNoun: hasHair), rank > styleRank {
                    reading.hairStyle = style
                    styleRank = rank
                }
                guard Self.isColour(word) else { continue }
                // "dark" or "light" before another colour only shades it.
                if Self.shades[word] != nil, index + 1 < clause.count, Self.isColour(clause[index + 1]) { continue }
                let shade = index > 0 ? Self.shades[clause[index - 1]] : nil
                let part: Part? = if person, Self.hairOnly.contains(word) { .hair }
                    else if person, word == "hazel" { .eyes }
                    else { Self.nearest(to: index, in: parts) }
                // A word that is no colour for its part ("light" jumper) says nothing.
                guard let rgb = Self.colour(word, shade: shade, for: part) else { continue }
                reading.colours.append(rgb)
                if let part { bind(rgb, to: part, in: &reading) }
            }
            for (_, part) in parts { mention(part, in: &reading) }
        }
        if person, reading.outfit == nil, let first = reading.colours.first(where: { !Self.isBound($0, in: reading) }) {
            reading.outfit = first
        }
        if reading.hair == nil, let beard = reading.beard { reading.hair = beard }
        return reading
    }

    // MARK: Binding

    private func bind(_ rgb: RGB, to part: Part, in reading: inout LookReading) {
        switch part {
        case .hair: reading.hair = reading.hair ?? rgb
        case .eyes: reading.eyes = reading.eyes ?? rgb
        case .skin: reading.skin = reading.skin ?? rgb
        case .glasses: reading.glassesColour = reading.glassesColour ?? rgb
        case .hat: reading.hatColour = reading.hatColour ?? rgb
        case .legs: reading.legs = reading.legs ?? rgb
        case .skirt: reading.skirt = reading.skirt ?? rgb
        case .shoes: reading.shoes = reading.shoes ?? rgb
        case .body: reading.body = reading.body ?? rgb
        case .markings: reading.markings = reading.markings ?? rgb
        case .accessory: reading.accessory = reading.accessory ?? rgb
        case .beard: reading.beard = reading.beard ?? rgb
        case let .garment(garment, rank):
            if reading.outfit == nil || rank > (reading.garment.map(Self.rank) ?? 0) {
                reading.outfit = rgb
                reading.garment = garment
            }
        }
    }

    /// Parts mentioned without a colour still count: glasses, a beard, a hat, a dress.
    private func mention(_ part: Part, in reading: inout LookReading) {
        switch part {
        case .glasses: reading.glasses = true
        case .hat: reading.hat = true
        case let .beard(kind): reading.facialHair = reading.facialHair == .beard ? .beard : kind
        case let .garment(garment, rank) where rank > (reading.garment.map(Self.rank) ?? 0):
            reading.garment = garment
        default: break
        }
    }

    private static func rank(_ garment: FigureLook.Garment) -> Int {
        switch garment {
        case .dress: 3
        case .coat: 2
        case .top, .allInOne: 1
        }
    }

    private static func isBound(_ rgb: RGB, in reading: LookReading) -> Bool {
        [reading.hair, reading.skin, reading.eyes, reading.legs, reading.skirt, reading.shoes, reading.beard,
         reading.glassesColour, reading.hatColour].contains(rgb)
    }

    /// The part nearest to `index` (the later one on a tie).
    static func nearest(to index: Int, in parts: [(Int, Part)]) -> Part? {
        parts.min { a, b in
            let da = abs(a.0 - index), db = abs(b.0 - index)
            return da != db ? da < db : a.0 > b.0
        }?.1
    }

    // MARK: Words

    func part(of word: String) -> Part? {
        if let part = Self.commonParts[word] { return part }
        if person {
            return Self.personParts[word]
        }
        if let part = Self.creatureParts[word] { return part }
        if CharacterSheetDesigner.firstKind(in: [word]) != nil { return .body }
        return nil
    }

    private static func words(_ list: String, _ part: Part) -> [(String, Part)] {
        list.split(separator: " ").map { (String($0), part) }
    }

    private static let commonParts: [String: Part] = Dictionary(
        words("hair haired curls locks fringe bangs pigtails bunches buns bun topknot ponytail ponytails braids braid plaits plait "
              + "cornrows dreadlocks afro ringlets mohawk", .hair)
            + words("eyes eye eyed", .eyes) + words("skin skinned complexion", .skin)
            + words("glasses spectacles specs sunglasses goggles", .glasses),
        uniquingKeysWith: { first, _ in first })

    private static let personParts: [String: Part] = Dictionary(
        words("hat cap beanie bonnet beret helmet", .hat)
            + words("dress pinafore gown frock tutu", .garment(.dress, rank: 3))
            + words("coat raincoat mac jacket anorak parka cape cloak", .garment(.coat, rank: 2))
            + words("jumper sweater jersey shirt top hoodie cardigan blouse fleece vest tunic sweatshirt polo uniform",
                    .garment(.top, rank: 1))
            + words("pyjamas pajamas pjs onesie dungarees overalls romper sleepsuit babygrow jumpsuit", .garment(.allInOne, rank: 1))
            + words("trousers pants jeans leggings tights shorts joggers", .legs) + words("skirt kilt", .skirt)
            + words("shoes boots wellies wellingtons trainers sneakers sandals slippers", .shoes)
            + words("beard bearded stubble whiskers", .beard(.beard)) + words("moustache mustache moustached tash", .beard(.moustache)),
        uniquingKeysWith: { first, _ in first })

    private static let creatureParts: [String: Part] = Dictionary(
        words("fur coat body feathers scales", .body)
            + words("spots spot patch patches paw paws ears ear tail mane stripes wings belly tummy nose tip shell horn", .markings)
            + words("collar scarf bow ribbon bandana harness lead leash tie saddle blanket hat jumper cap", .accessory),
        uniquingKeysWith: { first, _ in first })

    /// A hair style word and how strongly it decides the style (a named style over a texture over
    /// a length); textures and lengths count only in a clause about hair ("short" may be a height).
    static func hairStyle(_ word: String, hasHairNoun: Bool) -> (FigureLook.HairStyle, Int)? {
        switch word {
        case "bald": return (.bald, 5)
        case "pigtails", "bunches", "ponytails": return (.pigtails, 4)
        case "buns": return (.buns, 4)
        case "bun", "topknot": return (.bun, 4)
        case "ponytail": return (.ponytail, 4)
        case "braids", "braid", "plaits", "plait", "braided", "plaited", "cornrows", "dreadlocks": return (.braids, 4)
        case "afro": return (.afro, 4)
        case "mohawk": return (.spiky, 4)
        case "curls", "ringlets": return (.curly, 3)
        default: break
        }
        guard hasHairNoun else { return nil }
        switch word {
        case "curly", "frizzy", "fluffy", "wavy": return (.curly, 3)
        case "spiky": return (.spiky, 3)
        case "long": return (.long, 2)
        case "short", "cropped": return (.short, 2)
        default: return nil
        }
    }

    // MARK: Colours

    /// Colour words that are only ever said of hair.
    static let hairOnly: Set<String> = ["blond", "blonde", "brunette", "redhead", "auburn"]

    /// "dark brown", "light blue": how much darker (negative) or lighter the next colour is.
    static let shades: [String: Double] = ["dark": -0.4, "deep": -0.35, "light": 0.4, "pale": 0.45, "bright": 0.0, "soft": 0.25]

    static let general: [String: RGB] = {
        var map: [String: RGB] = [:]
        for entry in CastDesigner.colours { for word in entry.words { map[word] = entry.rgb } }
        map["navy"] = RGB(35, 50, 120)
        map["beige"] = RGB(225, 205, 170)
        map["hazel"] = RGB(140, 110, 60)
        map["redhead"] = RGB(190, 75, 40)
        map["olive"] = RGB(120, 130, 60)
        map["maroon"] = RGB(130, 35, 45)
        return map
    }()

    private static let hairColours: [String: RGB] = [
        "red": RGB(190, 75, 40), "orange": RGB(200, 100, 40), "redhead": RGB(190, 75, 40), "yellow": RGB(235, 195, 90),
        "fair": RGB(235, 195, 90), "light": RGB(235, 195, 90), "dark": RGB(55, 40, 35), "white": RGB(240, 240, 240),
        "snowy": RGB(240, 240, 240),
    ]
    private static let skinColours: [String: RGB] = [
        "pale": RGB(250, 222, 200), "fair": RGB(250, 222, 200), "light": RGB(250, 222, 200), "white": RGB(250, 222, 200),
        "peach": RGB(250, 222, 200), "rosy": RGB(240, 205, 180), "pink": RGB(240, 205, 180),
        "tan": RGB(218, 170, 130), "tanned": RGB(218, 170, 130), "olive": RGB(200, 165, 120), "golden": RGB(218, 170, 130),
        "beige": RGB(218, 170, 130), "brown": RGB(190, 135, 90), "dark": RGB(120, 80, 55), "deep": RGB(120, 80, 55),
        "black": RGB(120, 80, 55), "chocolate": RGB(120, 80, 55),
    ]
    private static let eyeColours: [String: RGB] = [
        "blue": RGB(70, 130, 210), "green": RGB(70, 150, 90), "brown": RGB(110, 70, 40), "hazel": RGB(140, 110, 60),
        "grey": RGB(130, 140, 150), "gray": RGB(130, 140, 150), "dark": RGB(45, 35, 35), "black": RGB(45, 35, 35),
    ]

    /// Whether a word names a colour of anything (clothes, hair, skin or eyes).
    static func isColour(_ word: String) -> Bool {
        general[word] != nil || hairColours[word] != nil || skinColours[word] != nil || eyeColours[word] != nil
    }

    /// The colour a word means for a part: "brown" skin is not "brown" hair; "light brown" is lighter.
    static func colour(_ word: String, shade: Double?, for part: Part?) -> RGB? {
        var base: RGB?
        switch part {
        case .hair?, .beard?: base = hairColours[word]
        case .skin?:
            if let shade, word == "brown" { return shade < 0 ? skinColours["dark"] : skinColours["tan"] }
            return skinColours[word]
        case .eyes?: base = eyeColours[word]
        default: break
        }
        guard let rgb = base ?? general[word] else { return nil }
        guard let shade, shade != 0 else { return rgb }
        return shaded(rgb, by: shade)
    }

    static func shaded(_ rgb: RGB, by amount: Double) -> RGB {
        func channel(_ value: UInt8) -> UInt8 {
            let v = Double(value)
            let out = amount < 0 ? v * (1 + amount) : v + (255 - v) * amount
            return UInt8(max(0, min(255, out.rounded())))
        }
        return RGB(channel(rgb.red), channel(rgb.green), channel(rgb.blue))
    }

    // MARK: Clauses

    private static let joiners: Set<String> = ["and", "with", "in", "wearing", "wears", "has", "plus", "also", "or"]

    /// The look's words, lower-cased, in clauses; a clause of colours alone joins the next one.
    static func clauses(_ look: String) -> [[String]] {
        var clauses: [[String]] = [[]]
        var word = ""
        func endWord() {
            if !word.isEmpty {
                if joiners.contains(word) { clauses.append([]) } else { clauses[clauses.count - 1].append(word) }
            }
            word = ""
        }
        for character in look.lowercased() {
            if character.isLetter {
                word.append(character)
            } else {
                endWord()
                if ",;.!?/()&+".contains(character) { clauses.append([]) }
            }
        }
        endWord()
        var merged: [[String]] = []
        var pending: [String] = []
        for clause in clauses where !clause.isEmpty {
            if clause.allSatisfy({ isColour($0) || shades[$0] != nil || ["striped", "spotty", "checked", "a", "an", "the"].contains($0) }) {
                // "a dress, blue": it belongs to the clause before, which has no colour of its own
                // ("braids, a red and white dress": an article starts something new).
                if pending.isEmpty, let last = merged.last, !last.contains(where: isColour), !["a", "an", "the"].contains(clause[0]) {
                    merged[merged.count - 1] += clause
                } else {
                    pending += clause
                }
            } else {
                merged.append(pending + clause)
                pending = []
            }
        }
        if !pending.isEmpty {
            if merged.isEmpty { merged.append(pending) } else { merged[merged.count - 1] += pending }
        }
        return merged
    }
}
