import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import StoryDomain
import Testing

/// Premium, Growth Collections and parental controls through the real bot and the Discord simulator.
@Suite("Discord: premium, collections and parental controls end to end", .serialized)
struct DiscordFamilyProductTests {
    static let admin = User(id: 1_400_000_000_000_000_099, username: "admin", globalName: "Admin")
    static let bob = User(id: 1_400_000_000_000_000_002, username: "bob", globalName: "Bob")
    static let carol = User(id: 1_400_000_000_000_000_003, username: "carol", globalName: "Carol")
    static let sku: Snowflake = 1_710_000_000_000_000_001
    static let otherGuild: Snowflake = 1_200_000_000_000_000_777
    static let family = FamilyRef(platform: "discord", externalID: String(describing: DiscordSimulator.defaultGuildID))

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
        #expect(refusal.isEphemeral && refusal.content?.contains("Only the bot's admins") == true)
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

        // Reading it again earns nothing twice; reading 2 and 3 completes the collection.
        let again = await Self.turn(simulator, story: story1, to: 5)
        _ = try await simulator.waitForCallback(interactionID: again.id)
        let read2 = try await Self.readToTheEnd(second, story: nextID)
        let news2 = try await waitFor(timeout: .seconds(10)) { simulator.followUps(interactionID: read2.id).first }
        #expect(news2.content?.contains("▓▓░ 2/3") == true)
        #expect(simulator.followUps(interactionID: again.id).isEmpty)
        let story3 = try await pollValue { try await second.app.collections.collections(of: Self.family).first?.entries[2].storyID }
        let read3 = try await Self.readToTheEnd(second, story: story3)
        let news3 = try await waitFor(timeout: .seconds(10)) { simulator.followUps(interactionID: read3.id).first }
        #expect(news3.content?.contains("Collection complete") == true)
        let done = try #require(try await second.app.collections.collections(of: Self.family).first)
        #expect(done.isComplete && done.collection.completedAt != nil)
        await second.stopAll()
    }

    @Test("the quota race: ten requests at once from one person, exactly the three allowed are accepted, the rest refused privately")
    func quotaRace() async throws {
        let bot = try await DiscordTestBot.start(configure: Self.configure)
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
        #expect(refusals.allSatisfy { $0.content?.contains("With premium you could start 30 stories a day") == true })
        #expect(refusals.allSatisfy { Self.premiumButtons($0).count == 1 })
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
        #expect(try await Self.answer(simulator, member).content?.contains("Only server managers") == true)

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

/// Polls an async condition until it holds.
func pollUntil(timeout: Duration = .seconds(10), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("condition not met in time")
}

/// Polls an async value until it exists.
func pollValue<T>(timeout: Duration = .seconds(10), _ value: () async throws -> T?) async throws -> T {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let value = try await value() { return value }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw PollTimeout()
}

struct PollTimeout: Error {}
