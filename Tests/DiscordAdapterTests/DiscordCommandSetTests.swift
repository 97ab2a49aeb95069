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

    @Test("pronouns: a string option with the choices he, she, they and name on /cast add, /cast edit and /story new")
    func pronouns() throws {
        for (command, subcommand) in [("cast", "add"), ("cast", "edit"), ("story", "new")] {
            let registered = try #require(DiscordCommandSet.commands.first { $0.name == command })
            let sub = try #require(registered.options?.first { $0.name == subcommand })
            let option = try #require(sub.options?.first { $0.name == "pronouns" }, "\(command) \(subcommand)")
            #expect(option.type == 3 && option.required != true, "a string option, never required")
            #expect(option.choices?.map(\.name) == ["he", "she", "they", "use the name"])
            #expect(option.choices?.map(\.value) == ["he", "she", "they", "name"])
        }
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
