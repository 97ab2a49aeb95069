import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryTestSupport
import StoryStore
import Testing

/// Premium, Growth Collections and parental controls through the real bot and the Discord simulator.
@Suite("Discord: premium, collections and parental controls end to end", .serialized)
struct DiscordFamilyProductTests {
    static let admin = User(id: 1_400_000_000_000_000_099, username: "admin", globalName: "Admin")
    static let bob = User(id: 1_400_000_000_000_000_002, username: "bob", globalName: "Bob")
    static let carol = User(id: 1_400_000_000_000_000_003, username: "carol", globalName: "Carol")
    static let sku: Snowflake = 1_710_000_000_000_000_001
    static let otherGuild: Snowflake = 1_200_000_000_000_000_777
    static let family = DiscordTestBot.family

    static func configure(_ config: inout AppConfig) {
        config.adminUserIDs = [String(describing: admin.id)]
        config.discordPremiumSKUIDs = [String(describing: sku)]
    }

    /// The answer to a command once it is no longer "thinking…": the original response or a private follow-up.
    static func answer(_ simulator: DiscordSimulator, _ interaction: Interaction, where matches: @escaping @Sendable (SimulatedMessage) -> Bool = { _ in true })
        async throws -> SimulatedMessage {
        try await waitFor(timeout: .seconds(20)) {
            if let original = simulator.originalResponse(interactionID: interaction.id), !original.isLoading, original.content != "💬",
               matches(original) {
                return original
            }
            return simulator.followUps(interactionID: interaction.id).first(where: matches)
        }
    }

    static let isCollectionPage: @Sendable (SimulatedMessage) -> Bool = {
        $0.embeds.first?.footer?.text.contains("in a Growth Collection") == true
    }

    static func premiumButtons(_ message: SimulatedMessage) -> [Component] {
        message.components.flatMap { $0.components ?? [] }.filter { $0.style == 6 }
    }

    /// Presses "page `page`" of a story as `user` and returns the press.
    static func turn(_ simulator: DiscordSimulator, story: StoryID, to page: Int, user: User = DiscordSimulator.defaultUser) async -> Interaction {
        let press = simulator.makeButtonPress(customID: "ms:p:\(story.rawValue):\(page)", user: user)
        await simulator.sendInteraction(press)
        return press
    }

    static func readToTheEnd(_ bot: DiscordTestBot, story: StoryID) async throws -> Interaction {
        try await waitUntilReady(bot.app.stories, id: story.rawValue, family: family, timeout: .seconds(30))
        let count = try #require(try await bot.app.stories.story(story, family: family)).pageCount
        return await turn(bot.simulator, story: story, to: count)
    }

    @Test("admins grant and revoke; others are refused privately; a server grant covers every member")
    func adminCommands() async throws {
        let bot = try await DiscordTestBot.start(configure: Self.configure)
        let simulator = bot.simulator

        let sneaky = simulator.makeSlashCommand(name: "premium", subcommand: "grant", options: ["user": .string("\(Self.bob.id)")], user: Self.bob)
        await simulator.sendInteraction(sneaky)
        let refusal = try await Self.answer(simulator, sneaky)
        #expect(refusal.isEphemeral && refusal.content?.contains("Only the bot's admin can") == true)
        #expect(try await bot.app.entitlements.plan(for: "\(Self.bob.id)", in: Self.family).tier == .free)

        let grant = simulator.makeSlashCommand(name: "premium", subcommand: "grant", options: ["days": 30, "reason": "family plan"],
                                               user: Self.admin)
        await simulator.sendInteraction(grant)
        let granted = try await Self.answer(simulator, grant)
        #expect(granted.isEphemeral && granted.content?.contains("Premium granted to server \(DiscordSimulator.defaultGuildID)") == true)
        for member in [DiscordSimulator.defaultUser, Self.bob, Self.carol] {
            #expect(try await bot.app.entitlements.plan(for: "\(member.id)", in: Self.family).isPremium)
        }

        let status = simulator.makeSlashCommand(name: "premium", subcommand: "status", user: Self.admin)
        await simulator.sendInteraction(status)
        let shown = try await Self.answer(simulator, status)
        #expect(shown.content?.contains("Premium") == true && shown.content?.contains("family plan") == true)

        // A member covered by the server's plan is shown as premium, and why.
        let member = simulator.makeSlashCommand(name: "premium", subcommand: "status", options: ["user": .string("\(Self.bob.id)")],
                                                user: Self.admin)
        await simulator.sendInteraction(member)
        let memberStatus = try #require(try await Self.answer(simulator, member).content)
        #expect(memberStatus.contains("<@\(Self.bob.id)>** in server \(DiscordSimulator.defaultGuildID): Premium"), "\(memberStatus)")
        #expect(memberStatus.contains("from server \(DiscordSimulator.defaultGuildID)'s family plan, a grant by \(Self.admin.id)"))

        // A server id with letters, or a user and a server at once, are refused privately; nothing changes.
        let letters = simulator.makeSlashCommand(name: "premium", subcommand: "grant", options: ["server": "12ab34"], user: Self.admin)
        await simulator.sendInteraction(letters)
        let badServer = try await Self.answer(simulator, letters)
        #expect(badServer.isEphemeral && badServer.content?.contains("`server:` should be a server id: digits only") == true)
        let both = simulator.makeSlashCommand(name: "premium", subcommand: "grant",
                                              options: ["user": .string("\(Self.bob.id)"), "server": "1200000000000000777"], user: Self.admin)
        await simulator.sendInteraction(both)
        let ambiguous = try await Self.answer(simulator, both)
        #expect(ambiguous.isEphemeral && ambiguous.content?.contains("either `user:` or `server:`, not both") == true)
        #expect(try await bot.app.entitlements.auditLog().map(\.action) == [.grant], "neither refused grant was recorded")

        let revoke = simulator.makeSlashCommand(name: "premium", subcommand: "revoke", user: Self.admin)
        await simulator.sendInteraction(revoke)
        #expect(try await Self.answer(simulator, revoke).content?.contains("ended now") == true)
        #expect(try await bot.app.entitlements.plan(for: "\(Self.bob.id)", in: Self.family).tier == .free)
        #expect(try await bot.app.entitlements.auditLog().map(\.action) == [.revoke, .grant])
        await bot.stopAll()
    }

    @Test("Discord SKU entitlements count as premium, from interactions and from ENTITLEMENT events; free users see the premium button")
    func storeEntitlements() async throws {
        let bot = try await DiscordTestBot.start(configure: Self.configure)
        let simulator = bot.simulator
        let options: [String: JSONValue] = ["goal": "kindness", "name": "Leo", "stories": 3]

        let free = simulator.makeSlashCommand(name: "collection", subcommand: "new", options: options, guildID: Self.otherGuild, user: Self.bob)
        await simulator.sendInteraction(free)
        let upsell = try await Self.answer(simulator, free)
        #expect(upsell.isEphemeral && upsell.content?.contains("part of premium") == true)
        #expect(Self.premiumButtons(upsell).map(\.skuID) == [Self.sku], "Discord's premium button for the configured SKU")

        // Carol's interaction carries her subscription.
        let withEntitlement = simulator.makeSlashCommand(name: "collection", subcommand: "new", options: options, guildID: Self.otherGuild,
                                                         user: Self.carol,
                                                         entitlements: [simulator.makeEntitlement(skuID: Self.sku, user: Self.carol)])
        await simulator.sendInteraction(withEntitlement)
        _ = try await simulator.waitForOriginalResponse(interactionID: withEntitlement.id, where: Self.isCollectionPage, timeout: .seconds(30))

        // Bob subscribes: the gateway tells the bot, and his next request is premium.
        let bought = simulator.makeEntitlement(skuID: Self.sku, user: Self.bob, type: 1)
        await simulator.dispatch(event: "ENTITLEMENT_CREATE", data: bought)
        let bobFamily = FamilyRef(platform: "discord", externalID: String(describing: Self.otherGuild))
        try await pollUntil { try await bot.app.entitlements.plan(for: "\(Self.bob.id)", in: bobFamily).isPremium }
        let again = simulator.makeSlashCommand(name: "collection", subcommand: "new", options: options, guildID: Self.otherGuild, user: Self.bob)
        await simulator.sendInteraction(again)
        _ = try await simulator.waitForOriginalResponse(interactionID: again.id, where: Self.isCollectionPage, timeout: .seconds(30))

        // An update that ends it (the subscription ran out) ends premium; a renewal brings it back.
        var ended = bought
        ended.endsAt = "2020-01-01T00:00:00Z"
        await simulator.dispatch(event: "ENTITLEMENT_UPDATE", data: ended)
        try await pollUntil { try await bot.app.entitlements.plan(for: "\(Self.bob.id)", in: bobFamily).tier == .free }
        let endedAgain = simulator.makeSlashCommand(name: "collection", subcommand: "new", options: options, guildID: Self.otherGuild, user: Self.bob)
        await simulator.sendInteraction(endedAgain)
        #expect(try await Self.answer(simulator, endedAgain).content?.contains("part of premium") == true)
        var renewed = bought
        renewed.endsAt = Date().addingTimeInterval(30 * 86_400).formatted(.iso8601)
        await simulator.dispatch(event: "ENTITLEMENT_UPDATE", data: renewed)
        try await pollUntil { try await bot.app.entitlements.plan(for: "\(Self.bob.id)", in: bobFamily).isPremium }

        // A refund deletes it.
        var refunded = bought
        refunded.deleted = true
        await simulator.dispatch(event: "ENTITLEMENT_DELETE", data: refunded)
        try await pollUntil { try await bot.app.entitlements.plan(for: "\(Self.bob.id)", in: bobFamily).tier == .free }
        await bot.stopAll()
    }

    @Test("a Growth Collection: page 1 of story 1, reading to the end earns achievements and starts the next story; progress survives a restart")
    func collectionAcrossRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-collection-\(UUID().uuidString)")
        let first = try await DiscordTestBot.start(directory: directory, configure: Self.configure)
        let simulator = first.simulator
        try await first.app.entitlements.grant(.family(Self.family), by: "test", days: nil, reason: nil)

        let start = simulator.makeSlashCommand(name: "collection", subcommand: "new",
                                               options: ["goal": "bravery", "name": "Mia", "age": 5, "stories": 3])
        await simulator.sendInteraction(start)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: start.id, where: {
            $0.embeds.first?.footer?.text == "page 1 of 5 · story 1 of 3 in a Growth Collection"
        }, timeout: .seconds(30))
        #expect(page1.embeds.first?.description?.contains("Mia") == true)
        let progress = try #require(try await first.app.collections.collections(of: Self.family).first)
        #expect(progress.collection.goal == .bravery && progress.entries.count == 3)
        #expect(progress.entries.compactMap(\.storyID).count == 1, "only the first story is made up front")
        let story1 = try #require(progress.entries[0].storyID)

        // Bob reads it to the end: the last page carries the parent question; the family hears about it.
        let end = try await Self.readToTheEnd(first, story: story1)
        let news = try await waitFor(timeout: .seconds(10)) { simulator.followUps(interactionID: end.id).first }
        #expect(!news.isEphemeral)
        #expect(news.content?.contains("First story read together") == true)
        #expect(news.content?.contains("▓░░ 1/3") == true)
        let lastPage = try #require(simulator.interactionResponses(interactionID: end.id).first?.data?.message)
        #expect(lastPage.embeds?.first?.description?.contains("For grown-ups to talk over") == true)
        await first.stopBot()

        // A restart: progress, the next story and the achievements are all kept.
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory, configure: Self.configure)
        let after = try #require(try await second.app.collections.collections(of: Self.family).first)
        #expect(after.readCount == 1)
        let nextID = try #require(after.entries[1].storyID, "story 2 was started when story 1 was read")
        try await waitUntilReady(second.app.stories, id: nextID.rawValue, family: Self.family, timeout: .seconds(30))
        let nextStory = try #require(try await second.app.stories.story(nextID, family: Self.family))
        let firstStory = try #require(try await second.app.stories.story(story1, family: Self.family))
        #expect(nextStory.sheet?.hero == firstStory.sheet?.hero, "the hero looks the same across the collection")

        let show = simulator.makeSlashCommand(name: "collection", subcommand: "show", options: ["collection": "bravery"])
        await simulator.sendInteraction(show)
        let shown = try await simulator.waitForOriginalResponse(interactionID: show.id, where: { $0.embeds.first != nil })
        #expect(shown.content?.contains("✅ 1.") == true && shown.content?.contains("▓░░ 1/3") == true)
        #expect(shown.embeds.first?.footer?.text.contains("story 2 of 3") == true, "show opens the next unread story")

        // Reading story 1 again earns nothing twice; reading 2 and 3 completes the collection. The
        // restarted bot remembers the achievements: the first story is not announced again.
        let again = await Self.turn(simulator, story: story1, to: 5)
        _ = try await simulator.waitForCallback(interactionID: again.id)
        let read2 = try await Self.readToTheEnd(second, story: nextID)
        let news2 = try await waitFor(timeout: .seconds(10)) { simulator.followUps(interactionID: read2.id).first }
        #expect(news2.content?.contains("▓▓░ 2/3") == true)
        #expect(news2.content?.contains("First story") == false, "an achievement earned before the restart is not earned again")
        let story3 = try await pollValue { try await second.app.collections.collections(of: Self.family).first?.entries[2].storyID }
        let read3 = try await Self.readToTheEnd(second, story: story3)
        let news3 = try await waitFor(timeout: .seconds(10)) { simulator.followUps(interactionID: read3.id).first }
        #expect(news3.content?.contains("Collection complete") == true)
        #expect(news3.content?.contains("First story") == false)
        let done = try #require(try await second.app.collections.collections(of: Self.family).first)
        #expect(done.isComplete && done.collection.completedAt != nil)
        // By now the second reading of story 1 has long been handled: it announced nothing, and in
        // all the channel heard of the first story once.
        #expect(simulator.followUps(interactionID: again.id).isEmpty)
        let announcements = [end, again, read2, read3].flatMap { simulator.followUps(interactionID: $0.id) }.compactMap(\.content)
        #expect(announcements.filter { $0.contains("First story read together") }.count == 1)
        let reread = try await second.app.collections.storyRead(firstStory)
        #expect(!reread.firstRead && reread.earned.isEmpty, "story 1 stays read once")
        await second.stopAll()
    }

    @Test("a collection continues on its owner's plan: premium ends, the next story waits and show offers premium; premium back, show makes it")
    func collectionNeedsOwnersPremium() async throws {
        let bot = try await DiscordTestBot.start(configure: Self.configure)
        let simulator = bot.simulator
        try await bot.app.entitlements.grant(.family(Self.family), by: "test", days: nil, reason: nil)
        let start = simulator.makeSlashCommand(name: "collection", subcommand: "new", options: ["goal": "kindness", "name": "Leo", "stories": 3])
        await simulator.sendInteraction(start)
        _ = try await simulator.waitForOriginalResponse(interactionID: start.id, where: Self.isCollectionPage, timeout: .seconds(30))
        let story1 = try #require(try await bot.app.collections.collections(of: Self.family).first?.entries[0].storyID)

        // The server's premium ends; then Bob reads story 1 to the end. It counts as read, but no next story is made.
        try await bot.app.entitlements.revoke(.family(Self.family), by: "test", reason: "trial over")
        try await waitUntilReady(bot.app.stories, id: story1.rawValue, family: Self.family, timeout: .seconds(30))
        let end = await Self.turn(simulator, story: story1, to: 5, user: Self.bob)
        let news = try await waitFor(timeout: .seconds(10)) { simulator.followUps(interactionID: end.id).first }
        #expect(news.content?.contains("▓░░ 1/3") == true && news.content?.contains("needs premium") == true)
        let afterRead = try #require(try await bot.app.collections.collections(of: Self.family).first)
        #expect(afterRead.readCount == 1 && afterRead.entries[1].storyID == nil)

        // Show explains kindly, for everyone, with progress and Discord's premium button.
        let show = simulator.makeSlashCommand(name: "collection", subcommand: "show", options: ["collection": "kindness"], user: Self.bob)
        await simulator.sendInteraction(show)
        let explained = try await Self.answer(simulator, show)
        #expect(!explained.isEphemeral)
        #expect(explained.content?.contains("✅ 1.") == true && explained.content?.contains("▓░░ 1/3") == true)
        #expect(explained.content?.contains("part of premium") == true)
        #expect(Self.premiumButtons(explained).map(\.skuID) == [Self.sku])
        #expect(try await bot.app.collections.collections(of: Self.family).first?.entries[1].storyID == nil)

        // Premium again: show makes story 2 and opens it right there. It uses nobody's daily quota.
        try await bot.app.entitlements.grant(.family(Self.family), by: "test", days: 30, reason: "renewed")
        let again = simulator.makeSlashCommand(name: "collection", subcommand: "show", options: ["collection": "kindness"], user: Self.bob)
        await simulator.sendInteraction(again)
        _ = try await simulator.waitForOriginalResponse(interactionID: again.id, where: {
            $0.embeds.first?.footer?.text == "page 1 of 5 · story 2 of 3 in a Growth Collection"
        }, timeout: .seconds(30))
        #expect(try await bot.app.collections.collections(of: Self.family).first?.entries[1].storyID != nil)
        let ledger = SQLiteStoryRepository(database: bot.app.database!, clock: SystemWallClock())
        let today = DailyQuota.day(containing: Date()).start
        // The built-in providers' stories count toward the built-in stories' cap only.
        #expect(try await ledger.storiesStarted(by: Requester(userID: "\(DiscordSimulator.defaultUser.id)", displayName: ""), on: "discord",
                                                since: today, pool: .builtIn) == 1, "only the collection's first story")
        #expect(try await ledger.storiesStarted(by: Requester(userID: "\(Self.bob.id)", displayName: ""), on: "discord", since: today,
                                                pool: .builtIn) == 0)
        await bot.stopAll()
    }

    @Test("the family's commands: the pages upsell, a manager deleting a member's story, collection list and delete, settings show")
    func familyCommands() async throws {
        let bot = try await DiscordTestBot.start(configure: Self.configure)
        let simulator = bot.simulator
        let manager: Permissions = DiscordSimulator.defaultPermissions.union([.manageGuild])

        // On the free plan, more pages than it allows: what premium allows, and its button.
        let long = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "pages": 8], user: Self.bob)
        await simulator.sendInteraction(long)
        let upsell = try await Self.answer(simulator, long)
        #expect(upsell.isEphemeral && upsell.content?.contains("with premium it could have up to 12") == true)
        #expect(Self.premiumButtons(upsell).map(\.skuID) == [Self.sku])

        // Bob's story: Carol may not delete it; as a server manager she may, after confirming.
        let bobs = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a quiet owl", "pages": 3], user: Self.bob)
        await simulator.sendInteraction(bobs)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: bobs.id, where: { $0.embeds.first?.footer?.text == "page 1 of 3" },
                                                                timeout: .seconds(20))
        let title = try #require(page1.embeds.first?.title)
        let member = simulator.makeSlashCommand(subcommand: "delete", options: ["story": .string(title)], user: Self.carol)
        await simulator.sendInteraction(member)
        #expect(try await Self.answer(simulator, member).content?.contains("Only the person who asked") == true)
        let asManager = simulator.makeSlashCommand(subcommand: "delete", options: ["story": .string(title)], user: Self.carol,
                                                   permissions: manager)
        await simulator.sendInteraction(asManager)
        let confirm = try await Self.answer(simulator, asManager)
        #expect(confirm.isEphemeral && confirm.content?.contains("Delete **\(title)**") == true)
        let yes = simulator.makeButtonPress(customID: try #require(confirm.components.first?.components?.first?.customID), messageID: confirm.id,
                                            user: Self.carol, permissions: manager)
        await simulator.sendInteraction(yes)
        #expect(try await simulator.waitForCallback(interactionID: yes.id).type == .updateMessage)
        #expect(simulator.message(id: confirm.id)?.content?.contains("was deleted") == true)
        #expect(try await bot.app.stories.library(of: Self.family, offset: 0, limit: 10).total == 0)

        // Collections (premium): list with progress and a button that opens one; delete asks first.
        try await bot.app.entitlements.grant(.family(Self.family), by: "test", days: nil, reason: nil)
        let start = simulator.makeSlashCommand(name: "collection", subcommand: "new", options: ["goal": "bravery", "name": "Mia", "stories": 3])
        await simulator.sendInteraction(start)
        _ = try await simulator.waitForOriginalResponse(interactionID: start.id, where: Self.isCollectionPage, timeout: .seconds(30))
        let list = simulator.makeSlashCommand(name: "collection", subcommand: "list", user: Self.bob)
        await simulator.sendInteraction(list)
        let listed = try await Self.answer(simulator, list)
        #expect(!listed.isEphemeral && listed.content?.contains("Bravery with Mia") == true && listed.content?.contains("░░░ 0/3") == true)
        let open = try #require(listed.components.first?.components?.first)
        #expect(open.label == "📚 1")
        let press = simulator.makeButtonPress(customID: try #require(open.customID), messageID: listed.id, user: Self.bob)
        await simulator.sendInteraction(press)
        let opened = try await simulator.waitForOriginalResponse(interactionID: press.id, where: Self.isCollectionPage, timeout: .seconds(20))
        #expect(opened.content?.contains("Bravery with Mia") == true)

        let delete = simulator.makeSlashCommand(name: "collection", subcommand: "delete", options: ["collection": "bravery"])
        await simulator.sendInteraction(delete)
        let ask = try await Self.answer(simulator, delete)
        #expect(ask.isEphemeral && ask.content?.contains("Delete the collection") == true)
        let deleteButton = try #require(ask.components.first?.components?.first)
        #expect(deleteButton.label == "Delete")
        let confirmDelete = simulator.makeButtonPress(customID: try #require(deleteButton.customID), messageID: ask.id)
        await simulator.sendInteraction(confirmDelete)
        #expect(try await simulator.waitForCallback(interactionID: confirmDelete.id).type == .updateMessage)
        #expect(simulator.message(id: ask.id)?.content?.contains("and its stories were deleted") == true)
        #expect(try await bot.app.collections.collections(of: Self.family).isEmpty)
        #expect(try await bot.app.stories.library(of: Self.family, offset: 0, limit: 10).total == 0)

        // Settings show: managers only, privately, with the plan in effect.
        let peek = simulator.makeSlashCommand(name: "settings", subcommand: "show", user: Self.bob)
        await simulator.sendInteraction(peek)
        #expect(try await Self.answer(simulator, peek).content?.contains("Only someone with Manage Server") == true)
        let settings = simulator.makeSlashCommand(name: "settings", subcommand: "show", user: Self.carol, permissions: manager)
        await simulator.sendInteraction(settings)
        let shown = try await Self.answer(simulator, settings)
        #expect(shown.isEphemeral && shown.content?.contains("Parental controls") == true)
        #expect(shown.content?.contains("Your plan here: Premium — 50 stories a day with the built-in storyteller, up to 12 pages") == true)
        await bot.stopAll()
    }

    @Test("the quota race: ten requests at once from one person, exactly the three allowed are accepted, the rest refused privately")
    func quotaRace() async throws {
        // The built-in providers' stories: their cap, which premium does not change.
        let bot = try await DiscordTestBot.start(configure: { Self.configure(&$0); $0.builtinStoriesPerDay = 3 })
        let simulator = bot.simulator
        let commands = (0..<10).map { index in
            simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string("owl number \(index)"), "pages": 3])
        }
        await withTaskGroup(of: Void.self) { group in
            for command in commands { group.addTask { await simulator.sendInteraction(command) } }
        }
        let answers = try await withThrowingTaskGroup(of: SimulatedMessage.self) { group in
            for command in commands { group.addTask { try await Self.answer(simulator, command) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let refusals = answers.filter { $0.content?.contains("That's 3 stories today") == true }
        #expect(refusals.count == 7)
        #expect(refusals.allSatisfy { $0.isEphemeral })
        #expect(refusals.allSatisfy { $0.content?.contains("built-in storyteller") == true && $0.content?.contains("premium") == false })
        #expect(refusals.allSatisfy { Self.premiumButtons($0).isEmpty })
        #expect(try await bot.app.stories.library(of: Self.family, offset: 0, limit: 25).total == 3)
        // No refused request leaves a public "on its way" message behind.
        try await waitFor {
            commands.filter { simulator.originalResponse(interactionID: $0.id) != nil }.count == 3 ? true : nil
        }
        await bot.stopAll()
    }

    @Test("parental controls: managers only; the avoid-list is enforced on requests and on written text; one role may be chosen")
    func parentalControls() async throws {
        let bot = try await DiscordTestBot.start(configure: Self.configure)
        let simulator = bot.simulator
        let manager: Permissions = DiscordSimulator.defaultPermissions.union([.manageGuild])

        let member = simulator.makeSlashCommand(name: "settings", subcommand: "set", options: ["avoid": "dragons"], user: Self.bob)
        await simulator.sendInteraction(member)
        #expect(try await Self.answer(simulator, member).content?.contains("Only someone with Manage Server") == true)

        let set = simulator.makeSlashCommand(name: "settings", subcommand: "set", options: ["avoid": "Dragon, the", "max_pages": 4],
                                             permissions: manager)
        await simulator.sendInteraction(set)
        let saved = try await Self.answer(simulator, set)
        #expect(saved.isEphemeral && saved.content?.contains("Saved") == true && saved.content?.contains("dragon, the") == true)
        #expect(saved.content?.contains("up to 4") == true)

        // On the way in: the request names an avoided topic.
        let dragon = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy DRAGON"])
        await simulator.sendInteraction(dragon)
        let refused = try await Self.answer(simulator, dragon)
        #expect(refused.isEphemeral && refused.content?.contains("parental controls keep out") == true)
        // The settings' page limit applies.
        let long = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "pages": 5])
        await simulator.sendInteraction(long)
        #expect(try await Self.answer(simulator, long).content?.contains("up to 4 pages") == true)

        // On the way out: every story the built-in writer writes uses "the", so the text is refused.
        let owls = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "pages": 3])
        await simulator.sendInteraction(owls)
        let failed = try await simulator.waitForOriginalResponse(interactionID: owls.id, where: {
            $0.content?.contains("bedtime rules") == true
        }, timeout: .seconds(20))
        #expect(failed.embeds.isEmpty, "no page of the refused story is shown")

        // Only one role may ask now; managers still may.
        let role: Snowflake = 1_300_000_000_000_000_001
        let onlyParents = simulator.makeSlashCommand(name: "settings", subcommand: "set",
                                                     options: ["avoid": "none", "requesters": "role", "role": .string("\(role)")],
                                                     permissions: manager)
        await simulator.sendInteraction(onlyParents)
        #expect(try await Self.answer(simulator, onlyParents).content?.contains("members with <@&\(role)>") == true)
        let child = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "pages": 3], user: Self.bob)
        await simulator.sendInteraction(child)
        #expect(try await Self.answer(simulator, child).content?.contains("chosen role") == true)
        var parent = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "pages": 3], user: Self.carol)
        parent.member?.roles = [role]
        await simulator.sendInteraction(parent)
        _ = try await simulator.waitForOriginalResponse(interactionID: parent.id, where: { $0.embeds.first?.footer?.text == "page 1 of 3" },
                                                        timeout: .seconds(20))
        await bot.stopAll()
    }
}

/// Polls an async condition until it holds (the shared ``eventually``, under this suite's old name).
func pollUntil(timeout: Duration = .seconds(30), _ condition: () async throws -> Bool) async throws {
    try await eventually("a condition", timeout: timeout, condition)
}

/// Polls an async value until it exists.
func pollValue<T>(timeout: Duration = .seconds(30), _ value: () async throws -> T?) async throws -> T {
    var found: T?
    try await eventually("a value", timeout: timeout) {
        found = try await value()
        return found != nil
    }
    guard let found else { throw PollTimeout() }
    return found
}

struct PollTimeout: Error {}
