import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// Premium and usage from a chat: the service's admins by platform (`web:`, `discord:`), and the
/// install's owner in the web chat.
@Suite("Router: the install's owner and admins by platform")
struct OwnerAdminRoutingTests {
    /// A usage report that says what it was asked.
    struct FakeUsage: UsageReporting {
        func usageReport(days: Int) async throws -> String { "family web:family gemini 3 calls over \(days) days\nline two" }
    }

    static let webAdmin = "wadmin0000001"
    let services = FamilyServices()
    let directory = InMemoryRoomDirectory()
    let rooms: RoomAccess
    let router: CommandRouter

    init() {
        rooms = RoomAccess(directory: directory, clock: services.clock)
        let web = FakeChatPlatform(platform: .web, familyNoun: "room", hasRoles: false, hasAdminCommands: true, hasRooms: true,
                                   keepsTranscript: true, receivesPlainMessages: true, familyManager: "a grown-up",
                                   installRunner: "whoever runs Magical Stories")
        let routed = CommandRouter.Services(
            stories: services.stories, collections: services.collections, policy: services.policy,
            admins: ["web:\(Self.webAdmin)", "discord:555"], familyData: services.store, rooms: rooms,
            platforms: ChatPlatforms([FakeChatPlatform.servers(.discord), web]),
            owner: InstallOwnership(directory: directory, settings: InMemoryKeyValueStore()), usage: FakeUsage())
        router = CommandRouter(services: routed, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static let room = FamilyRef(platform: .web, externalID: "family")

    func say(_ command: ChatCommand, as userID: String, in family: FamilyRef = room) async -> String? {
        let responder = RecordingResponder()
        await router.handle(.command(command), context: ChatContext(family: family, channelID: family.externalID,
                                                                    user: Requester(userID: userID, displayName: "Someone"),
                                                                    isManager: true, roleIDs: []), responder: responder)
        return responder.replies.only?.text
    }

    @Test("the setup link's grown-up grants premium to their room and another, and reads usage; another grown-up is refused")
    func ownerInTheWebChat() async throws {
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        let anna = try await rooms.join(invite: setup.code.rawValue, name: "Anna").member
        let ben = try await rooms.join(invite: try await rooms.invite(to: "family", role: .grownUp, by: "cli").code.rawValue, name: "Ben").member

        let here = await say(.premiumGrant(PremiumTargetInput(), days: 30, reason: nil), as: anna.id)
        #expect(here?.contains("Premium granted to room family") == true, "\(here ?? "")")
        let there = await say(.premiumGrant(PremiumTargetInput(serverID: "300"), days: nil, reason: nil), as: anna.id)
        #expect(there?.contains("Premium granted to room 300") == true, "\(there ?? "")")
        let active = try await services.entitlements.activeGrants(for: [.family(Self.room), .family(FamilyRef(platform: .web, externalID: "300"))],
                                                                 at: services.clock.now())
        #expect(active.count == 2 && active.allSatisfy { $0.grantedBy == anna.id })
        let usage = await say(.premiumUsage(days: 30), as: anna.id)
        #expect(usage?.contains("over 30 days") == true && usage?.contains("```") == true, "\(usage ?? "")")
        #expect(await say(.premiumUsage(days: nil), as: anna.id)?.contains("over 7 days") == true)

        let refused = FriendlyErrors.text(for: CommandAccessError.notBotAdmin)
        #expect(await say(.premiumGrant(PremiumTargetInput(), days: nil, reason: nil), as: ben.id) == refused)
        #expect(await say(.premiumUsage(days: nil), as: ben.id) == refused)
    }

    @Test("ADMIN_USER_IDS entries work on their own platform only")
    func adminsByPlatform() async throws {
        let grant = ChatCommand.premiumStatus(PremiumTargetInput())
        let refused = FriendlyErrors.text(for: CommandAccessError.notBotAdmin)
        #expect(await say(grant, as: Self.webAdmin) != refused, "web:<member id> in the web chat")
        #expect(await say(grant, as: "555", in: FamilyRef(platform: .discord, externalID: "100")) != refused, "discord:<id> on Discord")
        #expect(await say(grant, as: "555") == refused, "a Discord id is nobody in the web chat")
        let refusedOnDiscord = FriendlyErrors.text(for: CommandAccessError.notBotAdmin, on: FakeChatPlatform.servers(.discord))
        #expect(await say(grant, as: Self.webAdmin, in: FamilyRef(platform: .discord, externalID: "100")) == refusedOnDiscord)
        #expect(await say(.premiumUsage(days: 3), as: "555", in: FamilyRef(platform: .discord, externalID: "100"))?.contains("over 3 days") == true)
    }
}

@Suite("CommandParser: /premium usage")
struct PremiumUsageParserTests {
    @Test("/premium usage takes days from 1 to 90, by name or position")
    func usage() throws {
        let parser = CommandParser()
        #expect(try parser.parse("/premium usage") == .premiumUsage(days: nil))
        #expect(try parser.parse("/premium usage 30") == .premiumUsage(days: 30))
        #expect(try parser.parse("/premium usage days:90") == .premiumUsage(days: 90))
        #expect(throws: CommandParseError.self) { try parser.parse("/premium usage days:91") }
        #expect(throws: CommandParseError.self) { try parser.parse("/premium usage days:soon") }
    }
}
