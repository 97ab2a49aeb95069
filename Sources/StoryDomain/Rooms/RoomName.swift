import Foundation

/// A web chat room's name: kept as the family wrote it (any script, `家族`, `Émilie`), and its
/// **key**, the room's family id on the `web` platform. The key is the name lower-cased with
/// everything but letters, digits, combining marks, `-` and `_` left out, so `Family` and
/// `family` are one room, and the keys of rooms made before names could use any script
/// (lower-case ASCII letters, digits, `-` and `_`) are unchanged.
public struct RoomName: Hashable, Sendable, CustomStringConvertible {
    /// The longest name and key, in characters.
    public static let maxLength = 40

    /// The key: the room's family id (`FamilyRef.externalID`) and its transcript's room.
    public let rawValue: String
    /// The name to show, cleaned of invisible characters and runs of spaces.
    public let displayName: String

    /// A name as a family or an admin typed it. Nil when nothing usable is left (`!!!`, `🌙`).
    public init?(normalizing raw: String) {
        let shown = String(TextSanitizer().cleanLine(raw).prefix(Self.maxLength))
        let key = Self.key(of: shown)
        guard !key.isEmpty else { return nil }
        rawValue = key
        displayName = shown
    }

    /// A name typed by an admin to find a room: nil when its key would leave out anything but
    /// spaces and letter case (so `Our Room!` is refused rather than read as `ourroom`).
    public init?(exactly raw: String) {
        let trimmed = TextSanitizer().cleanLine(raw)
        guard !trimmed.isEmpty, trimmed.count <= Self.maxLength,
              trimmed.allSatisfy({ $0 == " " || Self.isKeyCharacter($0) }),
              let name = RoomName(normalizing: trimmed)
        else { return nil }
        self = name
    }

    /// A room as stored: its key and the name it was given.
    public init(key: String, displayName: String) {
        rawValue = key
        self.displayName = displayName.isEmpty ? key : displayName
    }

    /// The room as a family.
    public var family: FamilyRef { FamilyRef(platform: .web, externalID: rawValue) }

    public var description: String { displayName }

    /// The key of a cleaned name (empty when it has no letter or digit).
    static func key(of name: String) -> String {
        String(name.lowercased().filter(isKeyCharacter).prefix(maxLength))
    }

    static func isKeyCharacter(_ character: Character) -> Bool {
        character == "-" || character == "_" || character.isLetter || character.isNumber
    }
}
