import Foundation

/// A purchase made through the chat platform's own store (Discord SKUs): it counts as premium
/// while it is neither deleted nor ended.
public struct PurchasedEntitlement: Sendable, Equatable, Codable {
    public var id: String
    public var platform: Platform
    public var skuID: String
    /// The buyer, for a user subscription.
    public var userID: String?
    /// The family (server), for a server subscription.
    public var familyExternalID: String?
    public var endsAt: Date?
    public var deleted: Bool

    public init(id: String, platform: Platform, skuID: String, userID: String?, familyExternalID: String?,
                endsAt: Date?, deleted: Bool) {
        self.id = id
        self.platform = platform
        self.skuID = skuID
        self.userID = userID
        self.familyExternalID = familyExternalID
        self.endsAt = endsAt
        self.deleted = deleted
    }

    public func isActive(at date: Date) -> Bool {
        !deleted && (endsAt.map { $0 > date } ?? true)
    }

    /// Whether it belongs to this person or their family.
    public func covers(userID: String, family: FamilyRef) -> Bool {
        guard platform == family.platform else { return false }
        return self.userID == userID || familyExternalID == family.externalID
    }
}
