import Foundation

/// Who a premium grant covers: one person on a platform, or a whole family (server or room).
public enum PremiumTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    case user(platform: Platform, userID: String)
    case family(FamilyRef)

    public var platform: Platform {
        switch self {
        case let .user(platform, _): platform
        case let .family(family): family.platform
        }
    }

    /// `user` or `family`, as stored.
    public var kind: String {
        switch self {
        case .user: "user"
        case .family: "family"
        }
    }

    /// The platform's id of the user or family.
    public var externalID: String {
        switch self {
        case let .user(_, userID): userID
        case let .family(family): family.externalID
        }
    }

    public init?(kind: String, platform: Platform, externalID: String) {
        switch kind {
        case "user": self = .user(platform: platform, userID: externalID)
        case "family": self = .family(FamilyRef(platform: platform, externalID: externalID))
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case let .user(platform, userID): "user \(userID) on \(platform)"
        case let .family(family): "family \(family.externalID) on \(family.platform)"
        }
    }
}
