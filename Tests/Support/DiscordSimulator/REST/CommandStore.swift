import DiscordModels

/// Registered application commands per scope (global, or one guild), with the number of bulk overwrites.
struct CommandStore: Sendable {
    private var commands: [Snowflake?: [ApplicationCommand]] = [:]
    private(set) var registrations = 0

    /// Replaces a scope's commands, keeping the ids of commands that already existed (same name and type).
    mutating func overwrite(_ new: [ApplicationCommand], guildID: Snowflake?, makeID: () -> Snowflake) -> [ApplicationCommand] {
        let existing = commands[guildID] ?? []
        let stored = new.map { command in
            var command = command
            command.id = existing.first { $0.name == command.name && $0.type == command.type }?.id ?? makeID()
            return command
        }
        commands[guildID] = stored
        registrations += 1
        return stored
    }

    func commands(guildID: Snowflake?) -> [ApplicationCommand] { commands[guildID] ?? [] }
}
