import DiscordModels
import DiscordREST
import Logging
import StoryDomain

/// Registers the slash commands with one bulk overwrite, only when the command set changed
/// since the last registration for that scope (global, or one development server).
public struct CommandRegistrar: Sendable {
    private let rest: DiscordRESTClient
    private let store: any KeyValueStore
    private let logger: Logger

    public init(rest: DiscordRESTClient, store: any KeyValueStore, logger: Logger) {
        self.rest = rest
        self.store = store
        self.logger = logger
    }

    /// Returns true when a registration was sent.
    @discardableResult
    public func register(applicationID: Snowflake, guildID: Snowflake?,
                         commands: [ApplicationCommand] = DiscordCommandSet.commands,
                         fingerprint: String = DiscordCommandSet.fingerprint) async throws -> Bool {
        let key = "discord.commands.\(applicationID).\(guildID.map { "guild-\($0)" } ?? "global")"
        if try await store.value(for: key) == fingerprint {
            logger.debug("slash commands unchanged; not registering")
            return false
        }
        // `contexts` and `integration_types` are for global commands (a guild command cannot name
        // the bot's DM): a server's registration leaves them to Discord's defaults.
        let sent = guildID == nil ? commands : commands.map { command in
            var command = command
            command.contexts = nil
            command.integrationTypes = nil
            return command
        }
        _ = try await rest.bulkOverwriteCommands(applicationID: applicationID, guildID: guildID, commands: sent)
        try await store.setValue(fingerprint, for: key)
        logger.info("slash commands registered", metadata: ["scope": "\(guildID.map { "server \($0)" } ?? "global")",
                                                             "count": "\(commands.count)"])
        return true
    }
}
