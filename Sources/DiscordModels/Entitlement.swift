import Foundation

/// A premium entitlement (a purchase or subscription of one of the app's SKUs).
public struct Entitlement: Codable, Sendable, Equatable {
    public var id: Snowflake
    public var skuID: Snowflake
    public var applicationID: Snowflake?
    public var userID: Snowflake?
    public var guildID: Snowflake?
    public var type: Int
    public var deleted: Bool
    public var startsAt: String?
    public var endsAt: String?

    public init(id: Snowflake, skuID: Snowflake, applicationID: Snowflake? = nil, userID: Snowflake? = nil, guildID: Snowflake? = nil,
                type: Int = 8, deleted: Bool = false, startsAt: String? = nil, endsAt: String? = nil) {
        self.id = id
        self.skuID = skuID
        self.applicationID = applicationID
        self.userID = userID
        self.guildID = guildID
        self.type = type
        self.deleted = deleted
        self.startsAt = startsAt
        self.endsAt = endsAt
    }

    enum CodingKeys: String, CodingKey {
        case id, type, deleted
        case skuID = "sku_id"
        case applicationID = "application_id"
        case userID = "user_id"
        case guildID = "guild_id"
        case startsAt = "starts_at"
        case endsAt = "ends_at"
    }
}
