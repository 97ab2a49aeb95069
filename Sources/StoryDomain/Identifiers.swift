import Foundation

/// A story's stable id: short, URL- and custom_id-safe (lowercase base32, 13 characters).
public struct StoryID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let rawValue: String

    public init?(rawValue: String) {
        guard (1...32).contains(rawValue.count),
              rawValue.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A new random id.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> StoryID {
        StoryID(unchecked: ShortID.make(using: &generator))
    }

    /// A new random id from the system generator.
    public static func random() -> StoryID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
    public static func < (lhs: StoryID, rhs: StoryID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let id = StoryID(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad story id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A family: one Discord server or one web chat room. Stories, settings and plans belong to it.
public struct FamilyRef: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The platform the family lives on (`web`, `discord`).
    public let platform: Platform
    /// The platform's id for it (guild id, web room name).
    public let externalID: String

    public init(platform: Platform, externalID: String) {
        self.platform = platform
        self.externalID = externalID
    }

    /// `platform:externalID`, the key used in storage.
    public var key: String { "\(platform):\(externalID)" }
    public var description: String { key }
}

/// A person asking for stories, as the platform knows them.
public struct Requester: Hashable, Sendable, Codable {
    public let userID: String
    public let displayName: String

    public init(userID: String, displayName: String) {
        self.userID = userID
        self.displayName = displayName
    }
}

/// Short random ids in lowercase base32 (no ambiguous letters).
enum ShortID {
    static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")

    static func make<G: RandomNumberGenerator>(length: Int = 13, using generator: inout G) -> String {
        String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }
}
