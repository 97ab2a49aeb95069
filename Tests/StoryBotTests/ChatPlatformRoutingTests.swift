import StoryBot
import StoryDomain
import Testing

/// The router asks each platform's description what it can do and how to word it: a platform
/// it has never heard of needs no change to the router.
@Suite("Router: platforms are described, not compared")
struct ChatPlatformRoutingTests {
    static let admin = Requester(userID: RouterHarness.admin, displayName: "Admin")

    @Test("a new platform described like Discord gets admin commands, roles and its own words")
    func aNewServerPlatform() async throws {
        let harness = RouterHarness()
        let matrix = FamilyRef(platform: "matrix", externalID: "300")
        // Not in the harness's platforms: an unknown platform has no admin commands.
        let grant = ChatInput.command(.premiumGrant(PremiumTargetInput(serverID: "300"), days: 7, reason: nil))
        let unknown = await harness.handle(grant, context: harness.context(Self.admin, family: matrix))
        #expect(unknown.replies.only?.text == FriendlyErrors.text(for: CommandAccessError.adminCommandsElsewhere))

        let described = RouterHarness(platforms: ChatPlatforms([FakeChatPlatform.servers("matrix")]))
        let granted = await described.handle(grant, context: described.context(Self.admin, family: matrix))
        #expect(granted.replies.only?.text?.contains("Premium granted to server 300") == true, "\(granted.replies)")
        let badID = ChatInput.command(.premiumGrant(PremiumTargetInput(serverID: "abc"), days: 7, reason: nil))
        let refused = await described.handle(badID, context: described.context(Self.admin, family: matrix))
        #expect(refused.replies.only?.text?.contains("digits") == true, "the platform's own hint")

        let roles = ChatInput.command(.settingsSet(SettingsChange(requesters: "role", roleID: "42")))
        let saved = await described.handle(roles, context: described.context(isManager: true, family: matrix))
        #expect(saved.replies.only?.text?.contains("members with @&42") == true, "\(saved.replies)")
    }

    @Test("a platform without roles, admin commands or rooms refuses them kindly; help speaks of a family")
    func anUnknownPlatform() async throws {
        let harness = RouterHarness()
        let elsewhere = FamilyRef(platform: "elsewhere", externalID: "home")
        let roles = ChatInput.command(.settingsSet(SettingsChange(requesters: "role", roleID: "42")))
        let refused = await harness.handle(roles, context: harness.context(isManager: true, family: elsewhere))
        #expect(refused.replies.only?.text == FriendlyErrors.text(for: SettingsError.noRolesHere))
        let family = await harness.handle(.command(.familyMembers), context: harness.context(isManager: true, family: elsewhere))
        #expect(family.replies.only?.text == FriendlyErrors.text(for: CommandAccessError.familyCommandsInWebChat))
        let help = await harness.handle(.command(.helpMore), context: harness.context(family: elsewhere))
        #expect(help.replies.only?.text?.contains("this family's parental controls") == true)
        let forget = await harness.handle(.command(.settingsForget), context: harness.context(isManager: true, family: elsewhere))
        #expect(forget.replies.only?.text?.contains("of this family") == true)
        #expect(forget.replies.only?.text?.contains("chat history") == false)
    }

    @Test("the room platform's words: this room, its chat history, its help section")
    func roomWords() async throws {
        let harness = RouterHarness()
        let room = FamilyRef(platform: .web, externalID: "family")
        let forget = await harness.handle(.command(.settingsForget), context: harness.context(isManager: true, family: room))
        #expect(forget.replies.only?.text?.contains("of this room") == true)
        #expect(forget.replies.only?.text?.contains("the room's chat history") == true)
        let help = await harness.handle(.command(.helpMore), context: harness.context(family: room))
        #expect(help.replies.only?.text?.contains("the room's own section") == true)
    }
}
