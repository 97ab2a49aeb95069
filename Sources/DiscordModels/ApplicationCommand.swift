/// A slash command definition, for registration (`PUT /applications/{id}/commands`).
public struct ApplicationCommand: Codable, Sendable, Equatable {
    public struct Option: Codable, Sendable, Equatable {
        public var type: Int
        public var name: String
        public var description: String
        public var required: Bool?
        public var options: [Option]?
        public var choices: [Choice]?
        public var minValue: Int?
        public var maxValue: Int?
        public var minLength: Int?
        public var maxLength: Int?
        public var autocomplete: Bool?

        public init(type: Int, name: String, description: String, required: Bool? = nil, options: [Option]? = nil,
                    choices: [Choice]? = nil, minValue: Int? = nil, maxValue: Int? = nil, minLength: Int? = nil,
                    maxLength: Int? = nil, autocomplete: Bool? = nil) {
            self.type = type
            self.name = name
            self.description = description
            self.required = required
            self.options = options
            self.choices = choices
            self.minValue = minValue
            self.maxValue = maxValue
            self.minLength = minLength
            self.maxLength = maxLength
            self.autocomplete = autocomplete
        }

        enum CodingKeys: String, CodingKey {
            case type, name, description, required, options, choices, autocomplete
            case minValue = "min_value"
            case maxValue = "max_value"
            case minLength = "min_length"
            case maxLength = "max_length"
        }
    }

    public struct Choice: Codable, Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var id: Snowflake?
    public var type: Int
    public var name: String
    public var description: String
    public var options: [Option]?
    /// Permission bits a member needs to see the command (`"0"`: administrators only).
    public var defaultMemberPermissions: String?
    public var contexts: [Int]?
    /// Where the command can be installed: 0 GUILD_INSTALL (a server), 1 USER_INSTALL (a person's account).
    public var integrationTypes: [Int]?

    public init(id: Snowflake? = nil, type: Int = 1, name: String, description: String, options: [Option]? = nil,
                defaultMemberPermissions: String? = nil, contexts: [Int]? = nil, integrationTypes: [Int]? = nil) {
        self.integrationTypes = integrationTypes
        self.id = id
        self.type = type
        self.name = name
        self.description = description
        self.options = options
        self.defaultMemberPermissions = defaultMemberPermissions
        self.contexts = contexts
    }

    enum CodingKeys: String, CodingKey {
        case id, type, name, description, options, contexts
        case defaultMemberPermissions = "default_member_permissions"
        case integrationTypes = "integration_types"
    }
}
