import DiscordAdapter
import DiscordModels
import StoryBot
import Testing

/// What is typed in the web chat only stays out of Discord's registered commands.
@Suite("Discord command set: typed-only words stay typed")
struct DiscordCommandSetTests {
    @Test("/help registers no `topic` option and /story no `list`: both are typed words (the More button serves Discord)")
    func typedOnly() throws {
        let help = try #require(DiscordCommandSet.commands.first { $0.name == "help" })
        #expect(help.options?.isEmpty != false)
        let story = try #require(DiscordCommandSet.commands.first { $0.name == "story" })
        let subcommands = story.options?.map(\.name) ?? []
        #expect(subcommands.contains("library") && !subcommands.contains("list"))
        #expect(CommandCatalog.entry(command: "help", subcommand: nil)?.options.map(\.typedOnly) == [true])
    }

    @Test("Discord's words: someone with Manage Server, the bot's admin, and commands only")
    func words() {
        let discord = DiscordChatPlatform()
        #expect(discord.familyManager == "someone with Manage Server")
        #expect(discord.installRunner == "the bot's admin")
        #expect(!discord.receivesPlainMessages)
        #expect(FriendlyErrors.text(for: CommandAccessError.notManager, on: discord).contains("Only someone with Manage Server"))
    }
}
