import Foundation

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
