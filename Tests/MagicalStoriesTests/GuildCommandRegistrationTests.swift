import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Testing

@Suite("Discord: commands registered to one server leave contexts and installs to Discord")
struct GuildCommandRegistrationTests {
    @Test("DISCORD_GUILD_ID registers the server's commands without contexts or integration_types (a guild command cannot name the bot's DM)")
    func guildScoped() async throws {
        let guild = DiscordSimulator.defaultGuildID
        let bot = try await DiscordTestBot.start { $0.discordGuildID = String(describing: guild) }
        let simulator = bot.simulator
        try await waitFor { simulator.commandRegistrations == 1 ? true : nil }
        let commands = simulator.registeredCommands(guildID: guild)
        #expect(!commands.isEmpty)
        #expect(commands.allSatisfy { $0.contexts == nil && $0.integrationTypes == nil })
        await bot.stopAll()
    }
}
