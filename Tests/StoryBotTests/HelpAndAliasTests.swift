import StoryBot
import StoryDomain
import Testing

/// `/help` is one phone screen with a way to the rest; `/story list` is `/story library`.
@Suite("Help: short, and more")
struct HelpAndAliasTests {
    let parser = CommandParser()
    let harness = RouterHarness()
    static let room = FamilyRef(platform: .web, externalID: "family")

    @Test("typed: /help, /help more (or all), /story list as /story library; a topic I don't know is a kind mistake")
    func parsing() throws {
        #expect(try parser.parse("/help") == .help)
        #expect(try parser.parse("/help more") == .helpMore)
        #expect(try parser.parse("/HELP All") == .helpMore)
        #expect(try parser.parse("/help topic:everything") == .helpMore)
        #expect(throws: CommandParseError.badValue(option: "topic", hint: "`more`, e.g. `/help more`")) { try parser.parse("/help dance") }
        #expect(try parser.parse("/story list") == .storyLibrary(page: 1))
        #expect(try parser.parse("/story LIST 2") == .storyLibrary(page: 2))
        #expect(try parser.parse("/story list page:3") == .storyLibrary(page: 3))
        #expect(CommandCatalog.subcommands(of: "story").contains("list") == false, "an alias, not a registered subcommand")
    }

    @Test("the short help: the five things families do first, about one phone screen, and a More button", arguments: [true, false])
    func short(web: Bool) async throws {
        let family = web ? Self.room : RouterHarness.family
        let answer = await harness.handle(.command(.help), context: harness.context(family: family))
        let reply = try #require(answer.replies.only)
        let text = try #require(reply.text)
        #expect(reply.isPrivate)
        for command in ["/story new", "/story library", "/story listen", "/cast add"] { #expect(text.contains(command), "\(command)") }
        #expect(text.contains(web ? "/family invite" : "/collection new"))
        #expect(text.contains("just ask") == web, "plain words only where the platform hands them over")
        #expect(text.split(separator: "\n").count <= 10 && text.count < 800, "one phone screen: \(text.count) characters")
        #expect(!text.contains("/story book") && !text.contains("/settings"), "the rest is under more")
        #expect(reply.buttons.flatMap { $0 }.map(\.id) == [ComponentID.moreHelp.encoded])
    }

    @Test("/help more and the More button show everything; the button replaces the short help")
    func more() async throws {
        let typed = try #require(await harness.handle(.command(.helpMore)).replies.only)
        #expect(typed.isPrivate)
        for command in ["/story continue", "/story book", "/story delete", "/collection new", "/cast edit"] {
            #expect(typed.text?.contains(command) == true, "\(command)")
        }
        #expect(typed.text?.contains("the server's own section") == true, "the platform's own paragraph")
        let pressed = await harness.handle(.button(id: ComponentID.moreHelp.encoded))
        #expect(pressed.updates.only == typed)
        #expect(pressed.replies.isEmpty)
        #expect(ComponentID(encoded: "ms:m:help") == .moreHelp)
        #expect(ComponentID(encoded: "ms:m:nope") == nil)
    }
}
