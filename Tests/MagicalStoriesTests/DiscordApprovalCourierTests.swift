import AsyncHTTPClient
import DiscordAdapter
import DiscordModels
import DiscordREST
import DiscordSimulator
import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// The Discord courier of a story held for a grown-up's yes, against the loopback simulator:
/// direct messages with ✅ 🌙 🔄, a refused DM (403 `50007`), the messages edited on an answer.
@Suite("Discord approval courier: direct messages to the managers who turned approval on", .serialized)
struct DiscordApprovalCourierTests {
    static let mum = Snowflake(1_400_000_000_000_000_011)
    static let dad = Snowflake(1_400_000_000_000_000_012)
    static let mia = Snowflake(1_400_000_000_000_000_013)
    static let family = FamilyRef(platform: .discord, externalID: String(describing: DiscordSimulator.defaultGuildID))

    /// A started simulator and a courier talking to it; stopped by `body`'s end.
    static func withCourier(_ body: (DiscordSimulator, DiscordApprovalCourier, InMemoryKeyValueStore) async throws -> Void) async throws {
        let simulator = DiscordSimulator()
        try await simulator.start()
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let rest = DiscordRESTClient(configuration: DiscordRESTConfiguration(apiURL: simulator.apiURL, token: simulator.configuration.token),
                                     httpClient: HTTPClient.shared, logger: logger)
        let store = InMemoryKeyValueStore()
        let courier = DiscordApprovalCourier(rest: rest, renderer: DiscordMessageRenderer(images: { _ in nil }), store: store,
                                             clock: ManualWallClock(), logger: logger)
        do {
            try await body(simulator, courier, store)
        } catch {
            await simulator.stop()
            throw error
        }
        await simulator.stop()
    }

    static func approval(state: PendingApproval.State = .waiting) -> PendingApproval {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        return PendingApproval(id: "ap1xyz", family: family, channelID: String(describing: DiscordSimulator.defaultChannelID),
                               requester: Requester(userID: String(describing: mia), displayName: "Mia"), kind: .request,
                               storyID: StoryID.random(), state: state, createdAt: now, deadline: now.addingTimeInterval(7_200))
    }

    static func preview(_ approval: PendingApproval) -> ChatReply {
        var reply = ChatReply.privateNote("👀 **Mia** asked for a story. Nobody else sees it until you say yes.")
        reply.buttons = [[
            ChatButton(ApprovalButton(.share, approvalID: approval.id, familyID: approval.family.externalID), label: "✅ Share", style: .success),
            ChatButton(ApprovalButton(.gentler, approvalID: approval.id, familyID: approval.family.externalID), label: "🌙 Gentler"),
            ChatButton(ApprovalButton(.another, approvalID: approval.id, familyID: approval.family.externalID), label: "🔄 Another"),
        ]]
        return reply
    }

    static let approvers = [String(describing: mum), String(describing: dad)]

    @Test("each approver gets a direct message (not ephemeral) with ✅ 🌙 🔄 carrying the family; a retry does not message them twice")
    func shown() async throws {
        try await Self.withCourier { simulator, courier, _ async throws in
            let approval = Self.approval()
            #expect(try await courier.showGrownUps(Self.preview(approval), approval: approval, approvers: Self.approvers) == .shown)
            #expect(try await courier.showGrownUps(Self.preview(approval), approval: approval, approvers: Self.approvers) == .shown)
            #expect(simulator.requestCount(route: "POST /users/@me/channels") == 2)
            for grownUp in [Self.mum, Self.dad] {
                let messages = simulator.directMessages(with: grownUp)
                #expect(messages.count == 1, "one message each, also after a second showing")
                let message = try #require(messages.first)
                #expect(!message.isEphemeral && message.interactionID == nil)
                #expect(message.content?.contains("asked for a story") == true)
                let buttons = try #require(message.components.first?.components)
                #expect(buttons.map(\.label) == ["✅ Share", "🌙 Gentler", "🔄 Another"])
                #expect(buttons.first?.customID == "ms:ap1:s:ap1xyz:\(DiscordSimulator.defaultGuildID)")
            }
            #expect(simulator.messages(channelID: DiscordSimulator.defaultChannelID).isEmpty, "nothing in the server's channel")
        }
    }

    @Test("a grown-up whose DMs are closed (403 50007) is skipped; when all are, the story is refused and nothing stays")
    func refused() async throws {
        try await Self.withCourier { simulator, courier, store async throws in
            let approval = Self.approval()
            simulator.refuseDirectMessages(from: Self.mum)
            #expect(try await courier.showGrownUps(Self.preview(approval), approval: approval, approvers: Self.approvers) == .shown)
            #expect(simulator.directMessages(with: Self.mum).isEmpty && simulator.directMessages(with: Self.dad).count == 1)
            #expect(simulator.requests.filter { $0.status == 403 }.count == 1, "one refused message: no plain-text retries of a closed door")

            let other = PendingApproval(id: "ap2xyz", family: approval.family, channelID: approval.channelID, requester: approval.requester,
                                        kind: .request, storyID: StoryID.random(), createdAt: approval.createdAt, deadline: approval.deadline)
            simulator.refuseDirectMessages(from: Self.dad)
            #expect(try await courier.showGrownUps(Self.preview(other), approval: other, approvers: Self.approvers) == .refused)
            #expect(try await store.value(for: "discord.approval-dm.ap2xyz") == nil)
            #expect(try await courier.showGrownUps(Self.preview(other), approval: other, approvers: []) == .refused, "nobody to ask")
        }
    }

    @Test("an answer edits every DM to the outcome, without buttons; once out of play the record is gone")
    func answered() async throws {
        try await Self.withCourier { simulator, courier, store async throws in
            let approval = Self.approval()
            _ = try await courier.showGrownUps(Self.preview(approval), approval: approval, approvers: Self.approvers)
            try await courier.answered(.privateNote("🌙 Making a gentler one"), approval: approval, approvers: Self.approvers)
            #expect(try await store.value(for: "discord.approval-dm.ap1xyz") != nil, "still waiting: kept for the next answer")
            var shared = approval
            shared.state = .approved
            try await courier.answered(.privateNote("✅ **The Owl** was shared with the room."), approval: shared, approvers: Self.approvers)
            for grownUp in [Self.mum, Self.dad] {
                let message = try #require(simulator.directMessages(with: grownUp).first)
                #expect(message.content == "✅ **The Owl** was shared with the room.")
                #expect(message.components.isEmpty && message.embeds.isEmpty && message.attachments.isEmpty)
                #expect(message.editedCount == 2 && !message.isEphemeral)
            }
            #expect(try await store.value(for: "discord.approval-dm.ap1xyz") == nil)
            #expect(simulator.directMessages(with: Self.mum).count == 1, "edited, not sent again")
        }
    }

    @Test("the asker, unknown to this process, is told by direct message; closed DMs there too are only logged")
    func tellRequester() async throws {
        try await Self.withCourier { simulator, courier, _ async throws in
            let approval = Self.approval()
            try await courier.tellRequester(.privateNote("🌙 Not shared this time."), approval: approval)
            let told = try #require(simulator.directMessages(with: Self.mia).first)
            #expect(told.content == "🌙 Not shared this time." && told.components.isEmpty)
            simulator.refuseDirectMessages(from: Self.mia)
            try await courier.tellRequester(.privateNote("🌙 Again."), approval: approval)
            #expect(simulator.directMessages(with: Self.mia).count == 1)
        }
    }
}
