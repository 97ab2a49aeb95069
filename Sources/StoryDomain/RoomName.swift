import Foundation

/// A web chat room's name: the family's id on the `web` platform. Rooms are lower-case ASCII
/// letters, digits, `-` and `_`, at most 40 characters, so `Family` and `family` are one room.
public struct RoomName: Hashable, Sendable, CustomStringConvertible {
    /// The platform name of web chat families.
    public static let platform = "web"
    public static let maxLength = 40

    public let rawValue: String

    /// The web chat's lenient reading of what a page sent: lower-cased, other characters
    /// dropped, cut to 40. Nil when nothing is left.
    public init?(normalizing raw: String) {
        let cleaned = String(raw.lowercased().filter(Self.isAllowed).prefix(Self.maxLength))
        guard !cleaned.isEmpty else { return nil }
        rawValue = cleaned
    }

    /// A name typed by an admin: lower-cased and trimmed, but nil when anything else would have
    /// to be dropped or cut (so an admin never changes a different room than they meant).
    public init?(exactly raw: String) {
        let trimmed = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty, trimmed.count <= Self.maxLength, trimmed.allSatisfy(Self.isAllowed) else { return nil }
        rawValue = trimmed
    }

    /// The room as a family.
    public var family: FamilyRef { FamilyRef(platform: Self.platform, externalID: rawValue) }

    public var description: String { rawValue }

    static func isAllowed(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }
}
