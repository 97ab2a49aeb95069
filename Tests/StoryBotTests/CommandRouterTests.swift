import Foundation
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

@Suite("CommandRouter: acknowledging privately exactly when the answer will be")
struct CommandRouterAcknowledgementTests {
    func acknowledgedPrivately(_ input: ChatInput, context: ChatContext? = nil, in harness: RouterHarness = RouterHarness())
        async throws -> Bool? {
        let responder = RecordingResponder()
        try await harness.router.acknowledge(input, context: context ?? harness.context(), responder: responder)
        return responder.acknowledgedPrivately
    }

    @Test("a story that will be made is acknowledged in public; every refusal privately")
    func storyNew() async throws {
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew()) == false)
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(age: "99")) == true, "invalid input")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(pages: "12")) == true, "above the free plan")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(theme: "a bloody spider")) == true, "the bedtime screen")

        let full = RouterHarness()
        try await full.useUpQuota()
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), in: full) == true, "no stories left today")
        let other = Requester(userID: "sibling", displayName: "Sibling")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), context: full.context(other), in: full) == false,
                "the quota is per person")

        let roles = RouterHarness()
        try await roles.store.save(FamilySettings(requesterRoleID: "readers"), for: RouterHarness.family, by: "manager")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), in: roles) == true, "not one of the readers")
        #expect(try await acknowledgedPrivately(RouterHarness.storyNew(), context: roles.context(roles: ["readers"]), in: roles) == false)
    }

    @Test("help, confirmations and admin commands are private; the library and collection list public")
    func fixedAnswers() async throws {
        #expect(try await acknowledgedPrivately(.command(.help)) == true)
        #expect(try await acknowledgedPrivately(.command(.storyDelete(story: "x"))) == true)
        #expect(try await acknowledgedPrivately(.command(.settingsShow)) == true)
        #expect(try await acknowledgedPrivately(.command(.premiumStatus(PremiumTargetInput()))) == true)
        #expect(try await acknowledgedPrivately(.command(.storyLibrary(page: 1))) == false)
        #expect(try await acknowledgedPrivately(.command(.collectionList)) == false)
    }

    @Test("reading a story that cannot be shown, or a collection on the free plan, is private")
    func readAndCollections() async throws {
        let harness = RouterHarness()
        let story = try await harness.readyStory()
        #expect(try await acknowledgedPrivately(.command(.storyRead(story: story.id.rawValue)), in: harness) == false)
        #expect(try await acknowledgedPrivately(.command(.storyRead(story: "no such story")), in: harness) == true)
        let draft = CollectionDraft(goal: "bravery", heroName: "Mia", age: "5")
        #expect(try await acknowledgedPrivately(.command(.collectionNew(draft)), in: harness) == true, "premium only")
    }

    @Test("showing a collection whose next story would be made now, but is refused, is private")
    func collectionShowThatWouldRemake() async throws {
        let harness = RouterHarness()
        _ = try await harness.services.policy.entitlements.grant(.family(RouterHarness.family), by: "test", days: nil, reason: nil)
        let manager = harness.context(isManager: true)
        await harness.handle(.command(.collectionNew(CollectionDraft(goal: "bravery", heroName: "Mia", age: "5", stories: "3"))),
                             context: manager)
        let show = ChatInput.command(.collectionShow(collection: "bravery"))
        #expect(try await acknowledgedPrivately(show, context: manager, in: harness) == false, "its first story is on its way")

        // The first story failed: opening the collection makes it again, which the family's
        // languages now refuse (English is no longer allowed).
        let first = try #require(try await harness.store.collections(of: RouterHarness.family).first?.entries.first?.storyID)
        try await harness.store.setStatus(.failed, for: first, reason: "test")
        #expect(try await acknowledgedPrivately(show, context: manager, in: harness) == false, "a remake would be made")
        try await harness.store.save(FamilySettings(allowedLanguages: [StoryLanguage(rawValue: "fr")!]), for: RouterHarness.family,
                                     by: "manager")
        #expect(try await acknowledgedPrivately(show, context: manager, in: harness) == true, "the remake would be refused")
    }

    @Test("button presses are acknowledged by the update that answers them, not here")
    func buttons() async throws {
        #expect(try await acknowledgedPrivately(.button(id: "ms:l:1")) == nil)
    }
}

@Suite("CommandRouter: routing the work")
struct CommandRouterWorkTests {
    @Test("a new story: the public \"on its way\" reply, then the job for that message, counted in the quota")
    func storyNew() async throws {
        let harness = RouterHarness()
        let responder = await harness.handle(RouterHarness.storyNew())

        #expect(responder.acknowledgedPrivately == false)
        let reply = try #require(responder.replies.only)
        #expect(!reply.isPrivate && reply.text?.contains("on its way") == true)
        let job = try #require(await harness.store.allJobs.only)
        #expect(job.delivery == responder.deliveryAddress)
        #expect(try await harness.store.story(job.storyID)?.requester == RouterHarness.parent)
        #expect(harness.jobsAdded.all == ["story"], "the workers were woken")
        #expect(await harness.store.quotaUsesCounting(for: RouterHarness.parent, on: "discord") == 1)
    }

    @Test("a request seen again after a restart, whose story exists, does nothing")
    func replayedRequest() async throws {
        let harness = RouterHarness()
        let first = RecordingResponder(deliveryAddress: RecordingResponder.discordDelivery(requestID: "1300"))
        await harness.handle(RouterHarness.storyNew(), responder: first)
        #expect(first.replies.count == 1)

        let replay = RecordingResponder(deliveryAddress: RecordingResponder.discordDelivery(requestID: "1300"))
        await harness.router.work(RouterHarness.storyNew(), context: harness.context(), responder: replay)
        #expect(replay.events.all.isEmpty)
        #expect(await harness.store.allJobs.count == 1)
        #expect(await harness.store.quotaUsesCounting(for: RouterHarness.parent, on: "discord") == 1)
    }

    @Test("with no stories left today, the answer is a kind private note offering premium, and nothing is made")
    func quotaExceeded() async throws {
        let harness = RouterHarness()
        try await harness.useUpQuota()
        let responder = await harness.handle(RouterHarness.storyNew())
        let reply = try #require(responder.replies.only)
        #expect(reply.isPrivate && reply.offersPremium)
        #expect(reply.text?.contains("3 stories today") == true)
        #expect(await harness.store.allJobs.count == 3)
        #expect(harness.jobsAdded.all.isEmpty)
    }

    @Test("when the platform refuses the acknowledgement, the input is not worked")
    func acknowledgementFailed() async throws {
        let harness = RouterHarness()
        let responder = await harness.handle(RouterHarness.storyNew(), responder: RecordingResponder(acknowledgementFails: true))
        #expect(responder.events.all.isEmpty)
        #expect(await harness.store.allJobs.isEmpty)
    }

    @Test("turning to the last page shows it in place and counts the story as read, announced to everyone")
    func pageTurnToTheEnd() async throws {
        let harness = RouterHarness()
        let story = try await harness.readyStory(pages: 2)
        let responder = await harness.handle(.button(id: ComponentID.page(story.id, 2).encoded))

        let page = try #require(responder.updates.only?.page)
        #expect(page.pageNumber == 2 && page.storyID == story.id)
        #expect(responder.replies.only?.text?.contains("First story read together") == true)
        #expect(responder.replies.only?.isPrivate == false)
        #expect(try await harness.store.story(story.id)?.readAt == harness.clock.now())

        let again = await harness.handle(.button(id: ComponentID.page(story.id, 2).encoded))
        #expect(again.updates.count == 1 && again.replies.isEmpty, "read once")
    }

    @Test("a button that is not ours gets a private note")
    func foreignButton() async throws {
        let responder = await RouterHarness().handle(.button(id: "someone-elses-button"))
        #expect(responder.acknowledgedPrivately == true)
        #expect(responder.replies.only?.isPrivate == true)
        #expect(responder.replies.only?.text?.contains("isn't one of mine") == true)
    }

    @Test("only the requester or a manager may delete a story; confirming deletes it")
    func deleteStory() async throws {
        let harness = RouterHarness()
        let story = try await harness.readyStory()
        let someone = Requester(userID: "someone", displayName: "Someone")
        let refused = await harness.handle(.command(.storyDelete(story: story.id.rawValue)), context: harness.context(someone))
        #expect(refused.replies.only?.text == FriendlyErrors.text(for: StoryServiceError.notAllowedToDelete, on: RouterHarness.platforms[.discord]))

        let asked = await harness.handle(.command(.storyDelete(story: story.id.rawValue)))
        let confirm = try #require(asked.replies.only?.buttons.first?.first)
        #expect(confirm.id == ComponentID.confirmDelete(story.id).encoded)
        let done = await harness.handle(.button(id: confirm.id))
        #expect(done.updates.only?.text?.contains("was deleted") == true)
        #expect(try await harness.store.story(story.id) == nil)
        #expect(done.deletedStories.all == [[story.id]], "the chat is told, to take the story off every screen")
        #expect(refused.deletedStories.all.isEmpty && asked.deletedStories.all.isEmpty)
    }

    @Test("deleting a collection tells the chat which stories went with it")
    func deleteCollection() async throws {
        let harness = RouterHarness()
        let collection = GrowthCollection(id: CollectionID(rawValue: "coll1")!, family: RouterHarness.family, requester: RouterHarness.parent,
                                          goal: .kindness, heroName: "Mia", age: 5, companion: nil, language: .english, storyCount: 3,
                                          seed: 1, createdAt: harness.clock.now())
        let first = StoryFixtures.story("part1", family: RouterHarness.family, requester: RouterHarness.parent, createdAt: harness.clock.now())
        _ = try await harness.store.createCollection(collection, firstStory: first, delivery: StoryFixtures.delivery(), quota: nil)
        let done = await harness.handle(.button(id: ComponentID.confirmCollectionDelete(collection.id).encoded))
        #expect(done.updates.only?.text?.contains("and its stories were deleted") == true)
        #expect(done.deletedStories.all == [[first.id]])
    }

    @Test("parental controls are changed by managers only, and saved")
    func settings() async throws {
        let harness = RouterHarness()
        let change = ChatInput.command(.settingsSet(SettingsChange(maxPages: "4", avoid: "spiders")))
        let refused = await harness.handle(change)
        #expect(refused.replies.only?.text == FriendlyErrors.text(for: CommandAccessError.notManager, on: RouterHarness.platforms[.discord]))
        #expect(try await harness.store.settings(for: RouterHarness.family) == FamilySettings())

        let saved = await harness.handle(change, context: harness.context(isManager: true))
        #expect(saved.replies.only?.isPrivate == true)
        #expect(try await harness.store.settings(for: RouterHarness.family) == FamilySettings(maxPages: 4, avoidList: ["spiders"]))
    }

    @Test("premium is granted by the bot's admins, on Discord only")
    func premiumGrant() async throws {
        let harness = RouterHarness()
        let grant = ChatInput.command(.premiumGrant(PremiumTargetInput(userID: "kid"), days: 30, reason: "birthday"))
        let admin = Requester(userID: RouterHarness.admin, displayName: "Admin")
        let web = FamilyRef(platform: "web", externalID: "family")

        let elsewhere = await harness.handle(grant, context: harness.context(admin, family: web))
        #expect(elsewhere.replies.only?.text == FriendlyErrors.text(for: CommandAccessError.adminCommandsElsewhere))
        let notAdmin = await harness.handle(grant)
        #expect(notAdmin.replies.only?.text == FriendlyErrors.text(for: CommandAccessError.notBotAdmin, on: RouterHarness.platforms[.discord]))
        #expect(try await harness.entitlements.auditLog(for: nil, limit: 10).isEmpty)

        let granted = await harness.handle(grant, context: harness.context(admin))
        #expect(granted.replies.only?.isPrivate == true)
        let active = try await harness.entitlements.activeGrants(for: [.user(platform: "discord", userID: "kid")], at: harness.clock.now())
        #expect(active.only?.grantedBy == RouterHarness.admin)
        #expect(active.only?.expiresAt == harness.clock.now().addingTimeInterval(30 * 86_400))
    }

    @Test("forgetting the family's data takes a manager's confirmation")
    func forget() async throws {
        let harness = RouterHarness()
        let story = try await harness.readyStory()
        let refused = await harness.handle(.button(id: ComponentID.confirmForgetFamily.encoded))
        #expect(refused.replies.only?.text == FriendlyErrors.text(for: CommandAccessError.notManager, on: RouterHarness.platforms[.discord]))
        #expect(try await harness.store.story(story.id) != nil)

        let done = await harness.handle(.button(id: ComponentID.confirmForgetFamily.encoded), context: harness.context(isManager: true))
        #expect(done.updates.only?.text?.contains("1 story, 2 pictures") == true)
        #expect(try await harness.store.story(story.id) == nil)
        #expect(done.deletedStories.all == [[story.id]], "every story forgotten leaves the chat's screens")
        #expect(refused.deletedStories.all.isEmpty)
    }
}

extension Collection {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
