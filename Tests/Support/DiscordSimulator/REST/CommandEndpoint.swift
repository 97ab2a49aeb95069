import DiscordModels
import HTTPTypes

/// Global and guild application commands: bulk overwrite (`PUT`) and list (`GET`).
struct CommandEndpoint: Sendable {
    let environment: SimulatorEnvironment

    func overwrite(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        try checkApplication(request)
        let guildID = try request.optionalSnowflake("guild_id")
        let commands = try request.decode([ApplicationCommand].self).payload
        try CommandValidator().validate(commands, guildScoped: guildID != nil)
        let stored = try environment.withStore { store throws(DiscordAPIError) in
            store.commands.overwrite(commands, guildID: guildID, makeID: environment.identifiers.snowflake)
        }
        return .json(stored)
    }

    func list(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        try checkApplication(request)
        let guildID = try request.optionalSnowflake("guild_id")
        return .json(environment.store.read { $0.commands.commands(guildID: guildID) })
    }

    private func checkApplication(_ request: RESTRequest) throws(DiscordAPIError) {
        guard try request.snowflake("application_id") == environment.configuration.applicationID else {
            throw DiscordAPIError(.forbidden, code: 20012, message: "You are not authorized to perform this action on this application")
        }
    }
}
