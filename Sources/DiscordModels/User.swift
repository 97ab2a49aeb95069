/// A Discord user (the fields this bot reads).
public struct User: Codable, Sendable, Equatable {
    public var id: Snowflake
    public var username: String
    public var globalName: String?
    public var bot: Bool?

    public init(id: Snowflake, username: String, globalName: String? = nil, bot: Bool? = nil) {
        self.id = id
        self.username = username
        self.globalName = globalName
        self.bot = bot
    }

    /// The name to show: global display name, else username.
    public var displayName: String { globalName ?? username }

    enum CodingKeys: String, CodingKey {
        case id, username, bot
        case globalName = "global_name"
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
