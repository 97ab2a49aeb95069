import DiscordModels
import DiscordSimulator
import Foundation
@testable import MagicalStories
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// A grown-up says yes first, on Discord, through the simulator with the real service on a SQLite
/// file: a member who is not a manager asks `/story new`; the manager who turned approval on gets
/// page 1 by direct message with ✅ 🌙 🔄; the channel sees nothing until ✅. A refused direct
/// message declines the story, and only the member is told, privately.
@Suite("Discord approval end to end: direct messages to the managers, the channel only after ✅", .serialized)
struct DiscordApprovalTests {
    static let manager: Permissions = DiscordSimulator.defaultPermissions.union([.manageGuild])
    static let member: Permissions = DiscordSimulator.defaultPermissions
    static let mum = User(id: 1_400_000_000_000_000_021, username: "mum", globalName: "Mum")
    static let carol = User(id: 1_400_000_000_000_000_023, username: "carol", globalName: "Carol")
    static let parents: Snowflake = 1_300_000_000_000_000_078

    /// What the whole channel sees: its messages that are not ephemeral.
    static func publicMessages(_ simulator: DiscordSimulator) -> [SimulatedMessage] {
        simulator.messages(channelID: DiscordSimulator.defaultChannelID).filter { !$0.isEphemeral }
    }

    /// Mum, a manager, turns approval on: she becomes the one asked.
    static func approvalOn(_ simulator: DiscordSimulator) async throws {
        let on = try await DiscordBedtimeTests.say(simulator, "settings", "set", ["approval": "on"], user: mum, permissions: manager)
        #expect(on.isEphemeral)
    }

    /// `/story new` by `user`; returns the interaction and its (first) answer.
    static func ask(_ simulator: DiscordSimulator, user: User = carol, permissions: Permissions = member, roles: [Snowflake] = [],
                    theme: String = "a sleepy owl") async throws -> (Interaction, SimulatedMessage) {
        var command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string(theme)], user: user, permissions: permissions)
        command.member?.roles = roles
        await simulator.sendInteraction(command)
        return (command, try await DiscordFamilyProductTests.answer(simulator, command))
    }

    /// The one story waiting for a yes, once it is made; then one round of the desk shows it.
    static func madeAndShown(_ bot: DiscordTestBot) async throws -> PendingApproval {
        var waiting: [PendingApproval] = []
        try await eventually("the held story") {
            waiting = try await bot.app.approvals.store.open(of: DiscordTestBot.family)
            return !waiting.isEmpty
        }
        let held = try #require(waiting.first)
        try await waitUntilReady(bot.app.stories, id: held.storyID.rawValue, family: DiscordTestBot.family, timeout: .seconds(60))
        await bot.app.approvals.round()
        return held
    }

    @Test("a member's /story new: Mum gets page 1 with its picture and ✅ 🌙 🔄 by DM; the channel sees nothing until her ✅; Carol's press in a DM is refused kindly")
    func memberWaitsForYes() async throws {
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let bot = try await DiscordTestBot.start(clock: clock)
        let simulator = bot.simulator
        try await Self.approvalOn(simulator)

        let (_, told) = try await Self.ask(simulator)
        #expect(told.isEphemeral && told.content?.contains("on its way") == true, "\(told.content ?? "")")
        let held = try await Self.madeAndShown(bot)
        #expect(held.requester.userID == String(describing: Self.carol.id))

        let dm = try #require(try await simulator.waitForDirectMessages(with: Self.mum.id).first)
        let dmChannel = try #require(simulator.directMessageChannel(with: Self.mum.id))
        #expect(!dm.isEphemeral && dm.content?.contains("**Carol** asked for a story") == true, "\(dm.content ?? "")")
        let embed = try #require(dm.embeds.first)
        #expect(embed.footer?.text.hasPrefix("page 1 of ") == true && embed.image?.url == "attachment://page-1.webp")
        #expect(dm.attachments.first?.data.isEmpty == false, "page 1's picture")
        let buttons = try #require(dm.components.last?.components)
        #expect(buttons.map(\.label) == ["✅ Share", "🌙 Gentler", "🔄 Another"])
        #expect(Self.publicMessages(simulator).isEmpty, "the channel has seen nothing")
        await bot.app.approvals.round()
        #expect(simulator.directMessages(with: Self.mum.id).count == 1, "shown once")

        // Carol presses ✅ from a DM of her own: she is not one of the family's approvers.
        let share = try #require(buttons.first?.customID)
        let carolsPress = simulator.makeButtonPress(customID: share, guildID: nil, channelID: 1_500_000_000_000_000_099, user: Self.carol)
        await simulator.sendInteraction(carolsPress)
        let refused = try await DiscordFamilyProductTests.answer(simulator, carolsPress)
        #expect(refused.isEphemeral && refused.content?.contains("Only a grown-up") == true, "\(refused.content ?? "")")
        #expect(Self.publicMessages(simulator).isEmpty)

        // Mum's ✅ in her DM: page 1 in the channel, her message says so.
        let yes = simulator.makeButtonPress(customID: share, messageID: dm.id, guildID: nil, channelID: dmChannel, user: Self.mum)
        await simulator.sendInteraction(yes)
        try await simulator.waitForCallback(interactionID: yes.id)
        try await eventually("page 1 in the channel") { !Self.publicMessages(simulator).isEmpty }
        let posted = try #require(Self.publicMessages(simulator).first)
        #expect(posted.interactionID == nil && posted.embeds.first?.footer?.text.hasPrefix("page 1 of ") == true)
        #expect(posted.attachments.first?.filename == "page-1.webp")
        try await eventually("Mum's DM shows the outcome") {
            simulator.message(id: dm.id)?.content?.contains("Shared with the room") == true
        }
        let answered = try #require(simulator.message(id: dm.id))
        #expect(answered.components.allSatisfy { ($0.components ?? []).isEmpty }, "no buttons left: \(answered.components)")
        #expect(try await bot.app.approvals.store.approval(held.id, family: DiscordTestBot.family)?.state == .shared)
        #expect(Self.publicMessages(simulator).count == 1, "shared once")
        await bot.stopAll()
    }

    @Test("a manager's own request, and one from the chosen grown-up role, go straight to the channel")
    func grownUpsAskFreely() async throws {
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let bot = try await DiscordTestBot.start(clock: clock)
        let simulator = bot.simulator
        try await Self.approvalOn(simulator)
        let role = try await DiscordBedtimeTests.say(simulator, "settings", "set", ["grownup_role": .string("\(Self.parents)")],
                                                     user: Self.mum, permissions: Self.manager)
        #expect(role.isEphemeral)

        let (_, mums) = try await Self.ask(simulator, user: Self.mum, permissions: Self.manager)
        #expect(!mums.isEphemeral, "the manager's story is the channel's: \(mums.content ?? "")")
        let (_, carols) = try await Self.ask(simulator, roles: [Self.parents], theme: "a brave kite")
        #expect(!carols.isEphemeral, "a member of the grown-up role asks freely: \(carols.content ?? "")")
        #expect(try await bot.app.approvals.store.open(of: DiscordTestBot.family).isEmpty)
        #expect(simulator.directMessageChannel(with: Self.mum.id) == nil)
        await bot.stopAll()
    }

    @Test("Mum's DMs are closed (403 50007): the story is declined, Carol is told privately, and nothing public remains")
    func refusedDirectMessage() async throws {
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let bot = try await DiscordTestBot.start(clock: clock)
        let simulator = bot.simulator
        simulator.refuseDirectMessages(from: Self.mum.id)
        try await Self.approvalOn(simulator)

        let (asked, _) = try await Self.ask(simulator)
        let held = try await Self.madeAndShown(bot)
        #expect(try await bot.app.approvals.store.approval(held.id, family: DiscordTestBot.family)?.state == .declined)
        #expect(simulator.directMessages(with: Self.mum.id).isEmpty)
        #expect(simulator.requests.contains { $0.route == "/channels/{channel_id}/messages" && $0.status == 403 })

        let note = try #require(simulator.followUps(interactionID: asked.id).last)
        #expect(note.isEphemeral && note.content?.contains("couldn't reach one") == true, "\(note.content ?? "")")
        #expect(Self.publicMessages(simulator).isEmpty, "nothing public remains")
        #expect(simulator.directMessages(with: Self.carol.id).isEmpty, "told through her own interaction, not a DM")
        await bot.stopAll()
    }
}
