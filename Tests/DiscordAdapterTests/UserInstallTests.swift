@testable import DiscordAdapter
import DiscordModels
import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("Discord user installs: command registration, group DM families, app emoji buttons")
struct UserInstallTests {
    static let channel: Snowflake = 1_300_000_000_000_000_001
    static let grandma = User(id: 1_400_000_000_000_000_010, username: "grandma", globalName: "Grandma")
    static let pip = User(id: 1_400_000_000_000_000_011, username: "pip", globalName: "Pip")

    static func groupDM(_ user: User, owners: [String: Snowflake]? = ["1": grandma.id], context: Int? = 2) -> Interaction {
        Interaction(id: 1, applicationID: 2, type: .applicationCommand, data: .init(name: "help"), guildID: nil, channelID: channel,
                    member: nil, user: user, token: "t", context: context, authorizingIntegrationOwners: owners)
    }

    @Test("commands install on servers and user accounts, in servers, the bot's DM and group DMs; admin commands stay in servers")
    func registration() throws {
        for command in DiscordCommandSet.commands where command.name != "premium" {
            #expect(command.integrationTypes == [0, 1], "\(command.name)")
            #expect(command.contexts == [0, 1, 2], "\(command.name)")
        }
        let premium = try #require(DiscordCommandSet.commands.first { $0.name == "premium" })
        #expect(premium.integrationTypes == [0] && premium.contexts == [0])
        let json = String(decoding: try JSONEncoder().encode(premium), as: UTF8.self)
        #expect(json.contains(#""integration_types":[0]"#))
    }

    @Test("context and authorizing_integration_owners are read from Discord's JSON")
    func decoding() throws {
        let json = #"{"id":"1","application_id":"2","type":2,"channel_id":"3","user":{"id":"4","username":"pip"},"token":"t","context":2,"authorizing_integration_owners":{"1":"5"}}"#
        let interaction = try DiscordJSON.decoder().decode(Interaction.self, from: Data(json.utf8))
        #expect(interaction.usedIn == .privateChannel && interaction.installingUser == 5 && interaction.isUserInstallOnly)
        let server = #"{"id":"1","application_id":"2","type":2,"guild_id":"9","channel_id":"3","token":"t","context":0,"authorizing_integration_owners":{"0":"9","1":"5"}}"#
        #expect(try DiscordJSON.decoder().decode(Interaction.self, from: Data(server.utf8)).isUserInstallOnly == false)
    }

    @Test("in a group DM the family is the channel and only the installing user is its grown-up")
    func groupDMFamily() throws {
        let translator = InteractionTranslator()
        let byGrandma = try #require(translator.context(of: Self.groupDM(Self.grandma)))
        let byPip = try #require(translator.context(of: Self.groupDM(Self.pip)))
        #expect(byGrandma.family == FamilyRef(platform: "discord", externalID: "gdm-\(Self.channel)"))
        #expect(byPip.family == byGrandma.family && byGrandma.channelID == "\(Self.channel)")
        #expect(byGrandma.isManager && !byPip.isManager)
        // Without a named installer nobody is the grown-up; a bot DM stays the person's own family.
        #expect(try #require(translator.context(of: Self.groupDM(Self.grandma, owners: nil))).isManager == false)
        let botDM = try #require(translator.context(of: Self.groupDM(Self.pip, owners: ["0": 0], context: 1)))
        #expect(botDM.family.externalID == "dm-\(Self.pip.id)" && botDM.isManager)
    }

    @Test("app emojis replace a button's leading Unicode emoji; other buttons and unknown emojis stay as they are")
    func decorating() {
        let book = AppEmojiBook()
        var message = MessagePayload(components: [.actionRow([
            .button(style: 2, label: "⏮", customID: "a"), .button(style: 1, label: "🔊 Read aloud", customID: "b"),
            .button(style: 2, label: "Delete", customID: "c"),
        ])])
        let untouched = message
        book.decorate(&message)
        #expect(message == untouched, "nothing uploaded: the Unicode labels stay")
        book.learn(ApplicationEmoji(id: 77, name: "ms_first_page"), standingFor: "⏮")
        book.learn(ApplicationEmoji(id: 78, name: "ms_read_aloud"), standingFor: "🔊")
        book.decorate(&message)
        let buttons = message.components?.first?.components ?? []
        #expect(buttons[0].emoji == PartialEmoji(id: 77, name: "ms_first_page") && buttons[0].label == nil)
        #expect(buttons[1].emoji == PartialEmoji(id: 78, name: "ms_read_aloud") && buttons[1].label == "Read aloud")
        #expect(buttons[2] == untouched.components?.first?.components?[2])
    }

    @Test("a delivery address in a user-installed channel says so, with when its token stops being trusted")
    func tokenOnlyAddress() {
        let expires = Date(timeIntervalSince1970: 1_800_000_840)
        let address = DiscordDeliveryAddress.make(applicationID: 2, token: "t", channelID: Self.channel, userID: 4, capabilities: .all,
                                                  tokenOnly: .init(expires: expires))
        #expect(DiscordDeliveryAddress.tokenOnly(of: address) == .init(expires: expires))
        let server = DiscordDeliveryAddress.make(applicationID: 2, token: "t", channelID: Self.channel, userID: 4, capabilities: .all)
        #expect(DiscordDeliveryAddress.tokenOnly(of: server) == nil)
    }
}
