/// A Discord user (the fields this bot reads, and the ones Discord always sends).
public struct User: Codable, Sendable, Equatable {
    public var id: Snowflake
    public var username: String
    /// `"0"` for users on unique usernames; a legacy four-digit tag otherwise.
    public var discriminator: String
    public var globalName: String?
    /// Avatar hash; nil for the default avatar.
    public var avatar: String?
    public var bot: Bool?

    public init(id: Snowflake, username: String, globalName: String? = nil, bot: Bool? = nil,
                discriminator: String = "0", avatar: String? = nil) {
        self.id = id
        self.username = username
        self.discriminator = discriminator
        self.globalName = globalName
        self.avatar = avatar
        self.bot = bot
    }

    /// The name to show: global display name, else username.
    public var displayName: String { globalName ?? username }

    enum CodingKeys: String, CodingKey {
        case id, username, discriminator, avatar, bot
        case globalName = "global_name"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Snowflake.self, forKey: .id)
        username = try container.decode(String.self, forKey: .username)
        discriminator = try container.decodeIfPresent(String.self, forKey: .discriminator) ?? "0"
        globalName = try container.decodeIfPresent(String.self, forKey: .globalName)
        avatar = try container.decodeIfPresent(String.self, forKey: .avatar)
        bot = try container.decodeIfPresent(Bool.self, forKey: .bot)
    }

    /// Encodes as Discord does: `global_name` and `avatar` are present even when null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(discriminator, forKey: .discriminator)
        try container.encode(globalName, forKey: .globalName)
        try container.encode(avatar, forKey: .avatar)
        try container.encodeIfPresent(bot, forKey: .bot)
    }
}

/// A guild member as carried by an interaction.
public struct GuildMember: Codable, Sendable, Equatable {
    public var user: User?
    public var nick: String?
    public var roles: [Snowflake]?
    /// The member's permissions in the channel, as a decimal string.
    public var permissions: Permissions?

    public init(user: User?, nick: String? = nil, roles: [Snowflake]? = nil, permissions: Permissions? = nil) {
        self.user = user
        self.nick = nick
        self.roles = roles
        self.permissions = permissions
    }
}
