/// An interaction (slash command, button, autocomplete) as Discord sends it.
public struct Interaction: Codable, Sendable, Equatable {
    /// Interaction types; unknown values decode to `.unknown`.
    public enum Kind: Hashable, Sendable, Codable {
        case ping, applicationCommand, messageComponent, autocomplete, modalSubmit
        case unknown(Int)

        public init(rawValue: Int) {
            switch rawValue {
            case 1: self = .ping
            case 2: self = .applicationCommand
            case 3: self = .messageComponent
            case 4: self = .autocomplete
            case 5: self = .modalSubmit
            default: self = .unknown(rawValue)
            }
        }

        public var rawValue: Int {
            switch self {
            case .ping: 1
            case .applicationCommand: 2
            case .messageComponent: 3
            case .autocomplete: 4
            case .modalSubmit: 5
            case let .unknown(value): value
            }
        }

        public init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(Int.self)) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// `data` of commands, autocomplete and components (the fields of each that this bot reads).
    public struct Data: Codable, Sendable, Equatable {
        public var id: Snowflake?
        public var name: String?
        public var options: [Option]?
        public var customID: String?
        public var componentType: Int?
        // Modal submits (modal, #35): the form's echo (Labels holding each input's `value`/`values`)
        // and the files uploaded with it.
        public var components: [Component]?
        public var resolved: ResolvedData?

        public init(id: Snowflake? = nil, name: String? = nil, options: [Option]? = nil, customID: String? = nil,
                    componentType: Int? = nil) {
            self.id = id
            self.name = name
            self.options = options
            self.customID = customID
            self.componentType = componentType
        }

        enum CodingKeys: String, CodingKey {
            case id, name, options, components, resolved
            case customID = "custom_id"
            case componentType = "component_type"
        }
    }

    /// A received option: a subcommand (with nested options) or a value.
    public struct Option: Codable, Sendable, Equatable {
        public var name: String
        public var type: Int
        public var value: JSONValue?
        public var options: [Option]?
        public var focused: Bool?

        public init(name: String, type: Int, value: JSONValue? = nil, options: [Option]? = nil, focused: Bool? = nil) {
            self.name = name
            self.type = type
            self.value = value
            self.options = options
            self.focused = focused
        }
    }

    /// The message a pressed component is on (the fields this bot reads).
    public struct PartialMessage: Codable, Sendable, Equatable {
        /// A file the message holds: an update may keep it by `id` instead of uploading it again.
        public struct Attachment: Codable, Sendable, Equatable {
            public var id: String
            public var filename: String
            /// Bytes.
            public var size: Int?

            public init(id: String, filename: String, size: Int?) {
                self.id = id
                self.filename = filename
                self.size = size
            }
        }

        public var id: Snowflake
        public var channelID: Snowflake?
        public var attachments: [Attachment]?
        /// The message's flags: with ``MessagePayload/componentsV2`` it is a card (a layout
        /// message), and every edit of it must be one too.
        public var flags: Int?

        public init(id: Snowflake, channelID: Snowflake? = nil, attachments: [Attachment]? = nil, flags: Int? = nil) {
            self.id = id
            self.channelID = channelID
            self.attachments = attachments
            self.flags = flags
        }

        enum CodingKeys: String, CodingKey {
            case id, attachments, flags
            case channelID = "channel_id"
        }
    }

    public var id: Snowflake
    public var applicationID: Snowflake
    public var type: Kind
    public var data: Data?
    public var guildID: Snowflake?
    public var channelID: Snowflake?
    public var member: GuildMember?
    public var user: User?
    /// Secret: authorizes responses for 15 minutes. Never log it.
    public var token: String
    public var message: PartialMessage?
    /// The bot's own permissions where the interaction happened.
    public var appPermissions: Permissions?
    public var locale: String?
    public var entitlements: [Entitlement]?
    /// Where it was used: 0 a server, 1 the bot's DM, 2 a private channel (group DM or another DM) — ``Context``.
    public var context: Int?
    /// Who installed the app for this use: `"0"` (GUILD_INSTALL) → the server's id (`0` in the
    /// bot's DM), `"1"` (USER_INSTALL) → the id of the user who installed it on their account.
    public var authorizingIntegrationOwners: [String: Snowflake]?

    public init(id: Snowflake, applicationID: Snowflake, type: Kind, data: Data?, guildID: Snowflake?, channelID: Snowflake?,
                member: GuildMember?, user: User?, token: String, message: PartialMessage? = nil,
                appPermissions: Permissions? = nil, locale: String? = nil, entitlements: [Entitlement]? = nil,
                context: Int? = nil, authorizingIntegrationOwners: [String: Snowflake]? = nil) {
        self.context = context
        self.authorizingIntegrationOwners = authorizingIntegrationOwners
        self.id = id
        self.applicationID = applicationID
        self.type = type
        self.data = data
        self.guildID = guildID
        self.channelID = channelID
        self.member = member
        self.user = user
        self.token = token
        self.message = message
        self.appPermissions = appPermissions
        self.locale = locale
        self.entitlements = entitlements
    }

    /// The person who acted: `member.user` in servers, `user` in DMs.
    public var invoker: User? { member?.user ?? user }

    enum CodingKeys: String, CodingKey {
        case id, type, data, member, user, token, message, locale, entitlements, context
        case authorizingIntegrationOwners = "authorizing_integration_owners"
        case applicationID = "application_id"
        case guildID = "guild_id"
        case channelID = "channel_id"
        case appPermissions = "app_permissions"
    }
}
