import Foundation

/// One character of the family's cast: a child, grown-up, baby, pet or toy who can be a named
/// hero of any story (`/story new … cast:Leo,Max`). Only what a story needs is kept: a name, a
/// kind, an age for children and a short look ("curly red hair, green pyjamas"); nothing else
/// about a child is asked for or kept.
public struct CastMember: Hashable, Sendable, Codable {
    /// The name as the family wrote it (cleaned): a plain name, unique in the family whatever its case.
    public var name: String
    public var kind: CastKind
    /// Only for children (and babies): the child's age in years.
    public var age: Int?
    /// A short description of how they look (≤ ``CastLimits/maxLookLength`` characters, screened).
    public var look: String
    /// How stories refer to them ("he", "she", "they"), as the family set it; nil: by their name.
    public var pronouns: Pronouns?
    /// Who added them (a platform user id): they, and the family's managers, may edit or remove them.
    public var createdBy: String
    /// Their portrait, painted once with the family's illustrator and kept (content-addressed);
    /// model illustrators get it as the reference picture in every story. Nil until painted.
    public var portrait: ImageID?
    public var createdAt: Date
    /// The member's sensitivities (`/cast add … avoid:"thunder, big dogs"`): kept out of every
    /// story they are in, from every writer, and checked on its text like the family's avoid-list
    /// (cleaned entries, never refused: they are prohibitions). Nil or empty: none (nil also for
    /// members kept before sensitivities existed).
    public var avoid: [String]?

    public init(name: String, kind: CastKind, age: Int? = nil, look: String = "", pronouns: Pronouns? = nil, createdBy: String,
                portrait: ImageID? = nil, createdAt: Date) {
        self.name = name
        self.kind = kind
        self.age = age
        self.look = look
        self.pronouns = pronouns
        self.createdBy = createdBy
        self.portrait = portrait
        self.createdAt = createdAt
    }

    /// The name's key, unique per family: two names that differ only in case are one member.
    public var key: String { Self.key(name) }

    /// The key of a name (lower-cased, diacritics kept: "Léa" and "Lea" are two children).
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
