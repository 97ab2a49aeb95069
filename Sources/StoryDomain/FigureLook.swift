/// How a person is drawn beyond their three colours: their build (a baby, a small child, a
/// grown-up…), hair style, clothes, glasses, beard and hat. Part of a ``CharacterDesign``; nil on
/// designs made before it existed, which are drawn as a child with a bob (as they always were).
public struct FigureLook: Hashable, Sendable, Codable {
    /// Size and proportions: babies sit and have big heads; grown-ups are tall with smaller heads.
    public enum Build: String, Hashable, Sendable, Codable, CaseIterable {
        case baby, toddler, child, olderChild, grownUp

        /// The build of a child of `age` years (nil: a child of about six).
        public static func child(age: Int?) -> Build {
            guard let age else { return .child }
            switch age {
            case ...1: return .baby
            case 2...4: return .toddler
            case 5...8: return .child
            default: return .olderChild
            }
        }
    }

    public enum HairStyle: String, Hashable, Sendable, Codable, CaseIterable {
        /// Shoulder-length hair with a fringe (how every person was drawn before looks were read).
        case bob
        case short, long, curly, afro, pigtails, buns, bun, ponytail, braids, spiky, bald
        /// A baby's little curl on top.
        case tuft
    }

    /// What the body wears.
    public enum Garment: String, Hashable, Sendable, Codable, CaseIterable {
        /// A jumper, shirt, hoodie or cardigan over bare legs (children) or trousers (grown-ups).
        case top
        /// A dress or pinafore: longer, flared.
        case dress
        /// A coat or raincoat: long, with buttons.
        case coat
        /// Pyjamas, a onesie, dungarees: the legs in the same colour.
        case allInOne
    }

    public enum FacialHair: String, Hashable, Sendable, Codable, CaseIterable {
        case beard, moustache
    }

    public var build: Build
    public var hairStyle: HairStyle
    public var garment: Garment
    /// Eye colour; nil draws the usual dark eyes.
    public var eyes: RGB?
    /// Glasses' frame colour; nil for no glasses.
    public var glasses: RGB?
    public var facialHair: FacialHair?
    /// A hat's colour; nil for no hat.
    public var hat: RGB?
    /// Trousers, jeans, leggings or tights; nil: bare legs for children, darker trousers for grown-ups.
    public var legs: RGB?
    /// A skirt over the top's hem.
    public var skirt: RGB?
    /// Shoes, boots or wellies; nil: darker than the hair, as before.
    public var shoes: RGB?

    public init(build: Build, hairStyle: HairStyle = .bob, garment: Garment = .top, eyes: RGB? = nil, glasses: RGB? = nil,
                facialHair: FacialHair? = nil, hat: RGB? = nil, legs: RGB? = nil, skirt: RGB? = nil, shoes: RGB? = nil) {
        self.build = build
        self.hairStyle = hairStyle
        self.garment = garment
        self.eyes = eyes
        self.glasses = glasses
        self.facialHair = facialHair
        self.hat = hat
        self.legs = legs
        self.skirt = skirt
        self.shoes = shoes
    }
}
