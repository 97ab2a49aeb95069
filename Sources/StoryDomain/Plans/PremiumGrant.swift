import Foundation

/// Who a premium grant covers: one person on a platform, or a whole family (server or room).
public enum PremiumTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    case user(platform: String, userID: String)
    case family(FamilyRef)

    public var platform: String {
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

    public init?(kind: String, platform: String, externalID: String) {
        switch kind {
        case "user": self = .user(platform: platform, userID: externalID)
        case "family": self = .family(FamilyRef(platform: platform, externalID: externalID))
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case let .user(platform, userID): "user \(userID) on \(platform)"
        case let .family(family): "\(family.platform == "web" ? "room" : "server") \(family.externalID) on \(family.platform)"
        }
    }
}

/// Premium given by a bot admin, until it expires or is revoked.
public struct PremiumGrant: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var target: PremiumTarget
    /// The admin who granted it (a platform user id, or `cli:<name>`).
    public var grantedBy: String
    public var grantedAt: Date
    /// Nil: until revoked.
    public var expiresAt: Date?
    public var reason: String?
    /// When it was revoked, replaced or expired (nil while active).
    public var endedAt: Date?

    public init(id: Int64, target: PremiumTarget, grantedBy: String, grantedAt: Date, expiresAt: Date?, reason: String?,
                endedAt: Date? = nil) {
        self.id = id
        self.target = target
        self.grantedBy = grantedBy
        self.grantedAt = grantedAt
        self.expiresAt = expiresAt
        self.reason = reason
        self.endedAt = endedAt
    }

    public func isActive(at date: Date) -> Bool {
        endedAt == nil && (expiresAt.map { $0 > date } ?? true)
    }
}

/// One line of the premium audit log: who did what to whom, when, until when, and why.
public struct PremiumAuditEntry: Sendable, Equatable {
    public enum Action: String, Sendable, Codable {
        case grant, revoke, expire
    }

    public var action: Action
    public var actor: String
    public var target: PremiumTarget
    public var at: Date
    public var until: Date?
    public var reason: String?

    public init(action: Action, actor: String, target: PremiumTarget, at: Date, until: Date?, reason: String?) {
        self.action = action
        self.actor = actor
        self.target = target
        self.at = at
        self.until = until
        self.reason = reason
    }
}
