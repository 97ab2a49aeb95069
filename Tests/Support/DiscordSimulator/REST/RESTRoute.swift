import HTTPTypes

/// One REST endpoint: method, path template, how it authenticates and what scopes its rate-limit bucket.
struct RESTRoute: Sendable {
    enum Authentication: Sendable {
        /// `Authorization: Bot <token>`.
        case bot
        /// The interaction token in the path.
        case interactionToken
    }

    let method: HTTPRequest.Method
    /// The path below `/api/v10` with `{placeholders}`, as DiscordREST names it.
    let template: String
    let authentication: Authentication
    /// Path parameters that make a separate bucket (channel, guild, webhook + token).
    let majorParameters: [String]

    /// `METHOD template`.
    var name: String { "\(method.rawValue) \(template)" }

    /// Whether `pattern` (a template, `METHOD template`, or a prefix of either) names this route.
    func matches(_ pattern: String) -> Bool {
        template.hasPrefix(pattern) || name.hasPrefix(pattern)
    }

    static let gatewayBot = RESTRoute(.get, "/gateway/bot")
    static let currentUser = RESTRoute(.get, "/users/@me")
    static let currentApplication = RESTRoute(.get, "/applications/@me")
    static let oauth2Application = RESTRoute(.get, "/oauth2/applications/@me")
    static let interactionCallback = RESTRoute(.post, "/interactions/{interaction_id}/{interaction_token}/callback",
                                               .interactionToken, major: ["interaction_id", "interaction_token"])
    static let createFollowUp = RESTRoute(.post, "/webhooks/{application_id}/{interaction_token}",
                                          .interactionToken, major: ["application_id", "interaction_token"])
    static let getWebhookMessage = RESTRoute(.get, "/webhooks/{application_id}/{interaction_token}/messages/{message_id}",
                                             .interactionToken, major: ["application_id", "interaction_token"])
    static let editWebhookMessage = RESTRoute(.patch, "/webhooks/{application_id}/{interaction_token}/messages/{message_id}",
                                              .interactionToken, major: ["application_id", "interaction_token"])
    static let deleteWebhookMessage = RESTRoute(.delete, "/webhooks/{application_id}/{interaction_token}/messages/{message_id}",
                                              .interactionToken, major: ["application_id", "interaction_token"])
    static let createDM = RESTRoute(.post, "/users/@me/channels")
    static let applicationEmojis = RESTRoute(.get, "/applications/{application_id}/emojis")
    static let createApplicationEmoji = RESTRoute(.post, "/applications/{application_id}/emojis")
    static let createMessage = RESTRoute(.post, "/channels/{channel_id}/messages", major: ["channel_id"])
    static let editMessage = RESTRoute(.patch, "/channels/{channel_id}/messages/{message_id}", major: ["channel_id"])
    static let expirePoll = RESTRoute(.post, "/channels/{channel_id}/polls/{message_id}/expire", major: ["channel_id"])
    static let overwriteGlobalCommands = RESTRoute(.put, "/applications/{application_id}/commands")
    static let globalCommands = RESTRoute(.get, "/applications/{application_id}/commands")
    static let overwriteGuildCommands = RESTRoute(.put, "/applications/{application_id}/guilds/{guild_id}/commands",
                                                  major: ["guild_id"])
    static let guildCommands = RESTRoute(.get, "/applications/{application_id}/guilds/{guild_id}/commands", major: ["guild_id"])

    private init(_ method: HTTPRequest.Method, _ template: String, _ authentication: Authentication = .bot,
                 major: [String] = []) {
        self.method = method
        self.template = template
        self.authentication = authentication
        majorParameters = major
    }
}
