import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import StoryDomain
import StoryTestSupport
import Testing

/// The app installed on a grandparent's own account and used in the family's group DM (no
/// server): the channel is the family, the installer its grown-up, and every write goes through
/// an interaction's token. Also the app's own emojis, uploaded once.
@Suite("Discord: the app in a family group DM, and app emojis", .serialized)
struct DiscordGroupDMTests {
    static let grandma = User(id: 1_400_000_000_000_000_020, username: "grandma", globalName: "Grandma")
    static let pip = User(id: 1_400_000_000_000_000_021, username: "pip", globalName: "Pip")
    static let sku: Snowflake = 1_710_000_000_000_000_001
    static let channelPosts = "POST /channels/{channel_id}/messages"

    static func family(_ channel: Snowflake) -> FamilyRef { FamilyRef(platform: "discord", externalID: "gdm-\(channel)") }

    static let isFirstPage: @Sendable (SimulatedMessage) -> Bool = { $0.embeds.first?.footer?.text.hasPrefix("page 1 of") == true }

    @Test("a story in a group DM: public, through the token only; a second member turns the page; no channel posts")
    func storyInGroupDM() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let channel = simulator.openGroupDM(members: [Self.grandma, Self.pip])
        let command = simulator.makeGroupDMCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5],
                                                   channelID: channel, user: Self.grandma, installer: Self.grandma)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isFirstPage, timeout: .seconds(30))
        #expect(!page1.isEphemeral, "replies are public in a group DM")
        let next = try #require(page1.components.first?.components?[2].customID)
        let storyID = String(next.split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: storyID, family: Self.family(channel))

        // Pip (not the installer) turns the page: her own interaction updates the message.
        let press = simulator.makeGroupDMButtonPress(customID: next, messageID: page1.id, channelID: channel, user: Self.pip,
                                                     installer: Self.grandma)
        await simulator.sendInteraction(press)
        #expect(try await simulator.waitForCallback(interactionID: press.id).type == .updateMessage)
        #expect(simulator.message(id: page1.id)?.embeds.first?.footer?.text.hasPrefix("page 2 of") == true)
        #expect(simulator.requestCount(route: Self.channelPosts) == 0, "the bot cannot post in a group DM on its own")
        await bot.stopAll()
    }

    @Test("a story that comes after its token died is offered on the next interaction in that group DM, and opens for any member")
    func lateStoryOffered() async throws {
        let gate = AsyncGate()
        let log = LogRecorder()
        let bot = try await DiscordTestBot.start(writer: ScriptedWriter.fitting(gate: gate), logger: log.logger())
        let simulator = bot.simulator
        let channel = simulator.openGroupDM(members: [Self.grandma, Self.pip])
        let command = simulator.makeGroupDMCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5],
                                                   channelID: channel, user: Self.grandma, installer: Self.grandma)
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForCallback(interactionID: command.id)
        simulator.revokeToken(interactionID: command.id)
        gate.open()
        try await log.waitFor("offered on the next press")

        let help = simulator.makeGroupDMCommand(name: "help", channelID: channel, user: Self.pip, installer: Self.grandma)
        await simulator.sendInteraction(help)
        let offer = try await waitFor(timeout: .seconds(20)) {
            simulator.followUps(interactionID: help.id).first { $0.content?.contains("is ready") == true }
        }
        #expect(!offer.isEphemeral)
        let open = try #require(offer.components.first?.components?.first?.customID)
        let press = simulator.makeGroupDMButtonPress(customID: open, messageID: offer.id, channelID: channel, user: Self.pip,
                                                     installer: Self.grandma)
        await simulator.sendInteraction(press)
        _ = try await simulator.waitForCallback(interactionID: press.id)
        let shown = try await waitFor(timeout: .seconds(20)) {
            ([simulator.originalResponse(interactionID: press.id)].compactMap { $0 } + simulator.followUps(interactionID: press.id))
                .first(where: Self.isFirstPage)
        }
        #expect(!shown.isEphemeral)
        #expect(simulator.requestCount(route: Self.channelPosts) == 0)
        // Offered once: the next interaction brings no second offer.
        let again = simulator.makeGroupDMCommand(name: "help", channelID: channel, user: Self.pip, installer: Self.grandma)
        await simulator.sendInteraction(again)
        try await bot.waitForHandled("help", count: 2)
        #expect(!simulator.followUps(interactionID: again.id).contains { $0.content?.contains("is ready") == true })
        await bot.stopAll()
    }

    @Test("a user's own purchase (user_id, no guild) makes them premium in the group DM, their bot DM and any server")
    func userPurchaseInGroupDM() async throws {
        let bot = try await DiscordTestBot.start { $0.discordPremiumSKUIDs = [String(describing: Self.sku)] }
        let simulator = bot.simulator
        let channel = simulator.openGroupDM(members: [Self.grandma, Self.pip])
        let grandma = "\(Self.grandma.id)"
        #expect(try await bot.app.entitlements.plan(for: grandma, in: Self.family(channel)).tier == .free)

        let bought = simulator.makeEntitlement(skuID: Self.sku, user: Self.grandma, type: 1)
        #expect(bought.userID == Self.grandma.id && bought.guildID == nil)
        await simulator.dispatch(event: "ENTITLEMENT_CREATE", data: bought)
        try await pollUntil { try await bot.app.entitlements.plan(for: grandma, in: Self.family(channel)).isPremium }
        #expect(try await bot.app.entitlements.plan(for: grandma, in: FamilyRef(platform: "discord", externalID: "dm-\(grandma)")).isPremium)
        #expect(try await bot.app.entitlements.plan(for: grandma, in: DiscordTestBot.family).isPremium)
        #expect(try await bot.app.entitlements.plan(for: "\(Self.pip.id)", in: Self.family(channel)).tier == .free, "hers, not the chat's")

        // Her premium-only request in the group DM is answered as premium (the interaction carries it too).
        let collection = simulator.makeGroupDMCommand(name: "collection", subcommand: "new",
                                                      options: ["goal": "kindness", "name": "Leo", "stories": 3], channelID: channel,
                                                      user: Self.grandma, installer: Self.grandma, entitlements: [bought])
        await simulator.sendInteraction(collection)
        _ = try await simulator.waitForOriginalResponse(interactionID: collection.id, where: DiscordFamilyProductTests.isCollectionPage,
                                                        timeout: .seconds(30))
        await bot.stopAll()
    }

    @Test("/bedtime set in a group DM is explained kindly and privately: bedtimes go to servers and the bot's DM")
    func bedtimeInGroupDM() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let channel = simulator.openGroupDM(members: [Self.grandma, Self.pip])
        let set = simulator.makeGroupDMCommand(name: "bedtime", subcommand: "set", options: ["time": "19:30"], channelID: channel,
                                               user: Self.grandma, installer: Self.grandma)
        await simulator.sendInteraction(set)
        let answer = try await simulator.waitForOriginalResponse(interactionID: set.id, where: { !$0.isLoading }, timeout: .seconds(20))
        #expect(answer.isEphemeral && answer.content?.contains("DM with me") == true, "\(answer.content ?? "") \(answer.components)")
        #expect(simulator.requestCount(route: Self.channelPosts) == 0)
        await bot.stopAll()
    }

    @Test("app emojis: drawn locally and uploaded once across two starts; page buttons show them as {id, name}")
    func appEmojisOnce() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-emojis-\(UUID().uuidString)")
        let first = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        try await pollUntil { simulator.appEmojiUploadCount() == 6 }
        let names = simulator.appEmojis().map(\.name)
        #expect(names == ["ms_first_page", "ms_page_back", "ms_page_next", "ms_read_aloud", "ms_badge_medal", "ms_badge_trophy"])
        let png = try #require(simulator.appEmojiImage(named: "ms_page_next"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count <= 256 * 1024)
        await first.stopBot()

        let lists = simulator.requestCount(route: "GET /applications/{application_id}/emojis")
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        try await pollUntil { simulator.requestCount(route: "GET /applications/{application_id}/emojis") > lists }
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isFirstPage, timeout: .seconds(30))
        let buttons = try #require(page1.components.first?.components)
        let next = try #require(simulator.appEmojis().first { $0.name == "ms_page_next" })
        #expect(buttons[2].emoji == PartialEmoji(id: next.id, name: "ms_page_next") && buttons[2].label == nil)
        #expect(simulator.appEmojiUploadCount() == 6, "nothing uploaded again")
        await second.stopAll()
    }
}
