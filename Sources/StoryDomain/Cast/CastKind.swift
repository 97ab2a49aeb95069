import Foundation

/// What a member of the family's cast is: a child, a grown-up, a baby, or one of the built-in
/// creatures (a pet or a toy: "dog", "bunny", "dragon"…). Stored and typed as its ``rawValue``.
public enum CastKind: Hashable, Sendable, Codable, CustomStringConvertible {
    case child
    case grownUp
    case baby
    /// A pet or toy drawn as one of the illustrator's creatures (never `.child` or `.grownUp`).
    case creature(CreatureKind)

    /// `child`, `grown-up`, `baby`, or a creature's name (`dog`, `bunny`).
    public var rawValue: String {
        switch self {
        case .child: "child"
        case .grownUp: "grown-up"
        case .baby: "baby"
        case let .creature(kind): kind.rawValue
        }
    }

    public var description: String { rawValue }

    /// The kind from its stored name; nil for anything else.
    public init?(rawValue: String) {
        switch rawValue {
        case "child": self = .child
        case "grown-up": self = .grownUp
        case "baby": self = .baby
        default:
            guard let kind = CreatureKind(rawValue: rawValue), kind != .child, kind != .grownUp else { return nil }
            self = .creature(kind)
        }
    }

    /// The kind a family typed: the stored names, and everyday words for them ("grownup", "adult",
    /// "mum", "puppy", "kitten", "teddy"), in any case.
    public init?(parsing text: String) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let kind = CastKind(rawValue: word) { self = kind; return }
        switch word {
        case "kid", "boy", "girl", "sister", "brother", "cousin": self = .child
        case "grownup", "grown up", "grown_up", "adult", "parent", "mum", "mom", "dad", "grandma", "grandpa", "granny",
             "aunt", "auntie", "uncle", "grandparent": self = .grownUp
        case "infant", "toddler": self = .baby
        default:
            guard let kind = CharacterSheetDesigner.creatureKind(in: word), kind != .child, kind != .grownUp else { return nil }
            self = .creature(kind)
        }
    }

    /// How the illustrators draw this member (a baby is drawn as a small child).
    public var figure: CreatureKind {
        switch self {
        case .child, .baby: .child
        case .grownUp: .grownUp
        case let .creature(kind): kind
        }
    }

    /// A child, baby or grown-up (drawn as a person), not a pet or toy.
    public var isPerson: Bool {
        if case .creature = self { return false }
        return true
    }

    /// Every kind by its name, for help and errors: `child`, `grown-up`, `baby`, then the creatures.
    public static var allNames: [String] {
        ["child", "grown-up", "baby"] + CreatureKind.allCases.filter { $0 != .child && $0 != .grownUp }.map(\.rawValue)
    }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let kind = CastKind(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a cast kind: \(raw)"))
        }
        self = kind
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
