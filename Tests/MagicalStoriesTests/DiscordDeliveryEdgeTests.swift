import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import ProviderFakes
import StoryDomain
import Testing

/// The platform's edges, through the real bot and the simulator: a story always reaches the
/// family whole, whatever Discord refuses or forgets on the way.
@Suite("Discord: delivery at the platform's edges", .serialized)
struct DiscordDeliveryEdgeTests {
    static let webhookEdit = "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}"
    static let channel = DiscordSimulator.defaultChannelID

    static func isPage(_ number: Int, of count: Int) -> @Sendable (SimulatedMessage) -> Bool {
        { $0.embeds.first?.footer?.text == "page \(number) of \(count)" || $0.content?.contains("*page \(number) of \(count)*") == true }
    }

    static func newStory(_ simulator: DiscordSimulator, theme: String = "a sleepy dragon", name: String = "Mia",
                         pages: Int = 3) -> Interaction {
        simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string(theme), "name": .string(name), "pages": .int(Int64(pages))])
    }

    /// Asks for a story and waits until its message says page 1 is being painted.
    static func storyPaintingPage1(on simulator: DiscordSimulator, theme: String = "a sleepy dragon") async throws
        -> (command: Interaction, message: SimulatedMessage) {
        let command = newStory(simulator, theme: theme)
        await simulator.sendInteraction(command)
        let message = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                                  where: { $0.content?.contains("Painting page 1") == true })
        return (command, message)
    }

    @Test("zalgo, emoji, CJK and right-to-left text at every limit is cut as Discord counts: code points, whole letters")
    func strangeTextAtEveryLimit() async throws {
        let zalgo = String(repeating: "D\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}\u{0306}r\u{0307}\u{0308}\u{0309}\u{030A}a", count: 40)
        let family = "👨‍👩‍👧‍👦"
        // Under the checker's 1,500 letters, over Discord's 4,096 code points.
        let page = String(repeating: "夢\(String(repeating: family, count: 6)) שָׁלוֹם Zoë 🐉 ", count: 72)
        let writer = EdgeTextWriter(title: zalgo, page: page)
        let bot = try await DiscordTestBot.start(writer: writer)
        let simulator = bot.simulator
        let command = Self.newStory(simulator)
        await simulator.sendInteraction(command)
        let shown = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let embed = try #require(shown.embeds.first)
        let title = try #require(embed.title)
        let description = try #require(embed.description)
        #expect(title.unicodeScalars.count <= 256)
        #expect(description.unicodeScalars.count <= 4_096)
        #expect(description.hasSuffix("…"), "a page over the limit is cut with …")
        // Cut at a grapheme boundary: the family emoji is whole or absent, never a dangling joiner.
        #expect(!description.unicodeScalars.dropLast().last.map { $0 == "\u{200D}" }!)
        #expect(simulator.requests.allSatisfy { $0.status < 400 }, "Discord refused nothing")
        await bot.stopAll()
    }

    /// How a test kills an interaction's webhook: Discord's 401 `50027` or 404 `10015`.
    static func killWebhook(_ code: Int, of interaction: Interaction, on simulator: DiscordSimulator) {
        if code == 50027 {
            simulator.revokeToken(interactionID: interaction.id)
        } else {
            simulator.injectError(route: webhookEdit, status: 404, code: 10015, message: "Unknown Webhook", count: 1_000)
        }
    }

    @Test("a webhook dead at the first edit (50027, 10015): the story is shown in the channel, not lost", arguments: [50027, 10015])
    func deadTokenAtFirstEdit(code: Int) async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = Self.newStory(simulator)
        await simulator.sendInteraction(command)
        Self.killWebhook(code, of: command, on: simulator)
        let posted = try await waitFor(timeout: .seconds(20)) {
            simulator.messages(channelID: Self.channel).first { $0.interactionID == nil && Self.isPage(1, of: 3)($0) }
        }
        #expect(!posted.isEphemeral)
        #expect(posted.attachments.first?.filename == "page-1.webp")
        #expect(simulator.requests.contains { $0.status == 401 || $0.status == 404 }, "the webhook was refused")
        #expect(simulator.messages(channelID: Self.channel).filter { $0.interactionID == nil }.count == 1, "posted once")
        let library = try await bot.app.stories.library(of: DiscordTestBot.family, offset: 0, limit: 5)
        #expect(library.total == 1)
        await bot.stopAll()
    }

    @Test("a webhook dead at delivery (50027, 10015): the story message is edited through the channel in place", arguments: [50027, 10015])
    func unknownWebhookAtDelivery(code: Int) async throws {
        let gate = GatedIllustrator(holding: [1])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let (command, painting) = try await Self.storyPaintingPage1(on: simulator)
        Self.killWebhook(code, of: command, on: simulator)
        gate.release(page: 1)
        let shown = try await waitFor(timeout: .seconds(20)) { simulator.message(id: painting.id).flatMap { Self.isPage(1, of: 3)($0) ? $0 : nil } }
        #expect(shown.attachments.first?.filename == "page-1.webp")
        #expect(simulator.messages(channelID: Self.channel).filter { $0.interactionID == nil }.isEmpty, "no second message")
        await bot.stopAll()
    }

    @Test("a 400 on delivery is retried once as plain text with the picture attached; refused again, a kind note")
    func refusedDelivery() async throws {
        let gate = GatedIllustrator(holding: [1])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let (first, _) = try await Self.storyPaintingPage1(on: simulator)
        simulator.injectError(route: Self.webhookEdit, status: 400, code: 50035, message: "Must be 256 or fewer in length.",
                              count: 1, errorPath: ["embeds", "0", "title"])
        gate.release(page: 1)
        let plain = try await simulator.waitForOriginalResponse(interactionID: first.id, where: { $0.content?.contains("*page 1 of 3*") == true },
                                                                timeout: .seconds(20))
        #expect(plain.embeds.isEmpty)
        #expect(plain.attachments.first?.filename == "page-1.webp")
        #expect(plain.components.first?.components?.map { $0.emoji?.name ?? $0.label } == ["ms_first_page", "ms_page_back", "ms_page_next"])

        gate.hold(page: 1)
        let (second, _) = try await Self.storyPaintingPage1(on: simulator, theme: "a lighthouse")
        simulator.injectError(route: Self.webhookEdit, status: 400, code: 50035, message: "Invalid Form Body", count: 2,
                              errorPath: ["content"])
        gate.release(page: 1)
        let note = try await simulator.waitForOriginalResponse(interactionID: second.id, where: { $0.content?.contains("/story read") == true },
                                                               timeout: .seconds(20))
        #expect(note.embeds.isEmpty)
        await bot.stopAll()
    }

    @Test("restarted after the acknowledgement, a replayed interaction is not acknowledged again and its story comes once")
    func restartAfterAcknowledgement() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-ack-restart-\(UUID().uuidString)")
        // First life: acknowledged, but the answer hangs (Discord slow) and the bot stops before the story is stored.
        let first = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        simulator.delayResponses(route: Self.webhookEdit, by: .seconds(2))
        let command = Self.newStory(simulator)
        await simulator.sendInteraction(command)
        try await simulator.waitForCallback(interactionID: command.id)
        // The held answer has arrived: the acknowledgement was recorded before it was sent.
        try await waitFor { simulator.unansweredRequests(route: Self.webhookEdit) >= 1 ? true : nil }
        await first.stopBot()
        simulator.delayResponses(route: Self.webhookEdit, by: nil)

        // Second life: the gateway replays the interaction.
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        await simulator.replayInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        // Replayed once more after delivery: dropped as a duplicate (counted), nothing new.
        await simulator.replayInteraction(command)
        try await second.waitForHandled("story.new", count: 2)
        #expect(simulator.interactionCallbacks(interactionID: command.id).count == 1, "acknowledged exactly once")
        let library = try await second.app.stories.library(of: DiscordTestBot.family, offset: 0, limit: 5)
        #expect(library.total == 1, "one story for one request")
        await second.stopAll()
    }

    @Test("a page turn replayed after a restart (or to the process that took over its shard) is not answered again: no 40060")
    func replayedPressAfterRestart() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-press-restart-\(UUID().uuidString)")
        let first = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        let command = Self.newStory(simulator)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let press = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(press)
        let update = try await simulator.waitForCallback(interactionID: press.id, timeout: .seconds(20))
        #expect(update.type == .updateMessage)
        // The answer is recorded after the callback: the press's work ends once it is.
        try await first.waitForHandled("button", count: 1)
        await first.stopBot()

        // The next process sees the press again, as after a RESUME from an older sequence.
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        await simulator.replayInteraction(press)
        try await second.waitForHandled("button", count: 1)
        let callbacks = simulator.interactionCallbacks(interactionID: press.id)
        #expect(callbacks.count == 1, "answered once: \(callbacks.map(\.status))")
        #expect(!callbacks.contains { $0.errorCode == 40060 })
        await second.stopAll()
    }

    @Test("a story over the day's quota is acknowledged privately: no public trace in the channel")
    func privateDecidedBeforeAcknowledging() async throws {
        let bot = try await DiscordTestBot.start { $0.storiesPerDay = 1; $0.builtinStoriesPerDay = 1 }
        let simulator = bot.simulator
        let allowed = Self.newStory(simulator)
        await simulator.sendInteraction(allowed)
        _ = try await simulator.waitForOriginalResponse(interactionID: allowed.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let before = simulator.messages(channelID: Self.channel).filter { !$0.isEphemeral }.count

        let refused = Self.newStory(simulator, theme: "owls")
        await simulator.sendInteraction(refused)
        let ack = try await simulator.waitForCallback(interactionID: refused.id)
        #expect(ack.data?.message?.flags == MessagePayload.ephemeral)
        let answer = try await simulator.waitForOriginalResponse(interactionID: refused.id, where: { !$0.isLoading })
        #expect(answer.isEphemeral)
        #expect(simulator.messages(channelID: Self.channel).filter { !$0.isEphemeral }.count == before, "no public message was made")
        #expect(try #require(simulator.acknowledgementLatency(interactionID: refused.id)) < .seconds(3))
        await bot.stopAll()
    }

    @Test("deferred before the privacy check (no time for it): a refused story's public deferral is removed, the refusal sent privately")
    func refusalAfterAPublicDeferral() async throws {
        let bot = try await DiscordTestBot.start {
            $0.storiesPerDay = 1
            $0.builtinStoriesPerDay = 1
            $0.discordAcknowledgementCheckMilliseconds = 0
        }
        let simulator = bot.simulator
        let allowed = Self.newStory(simulator)
        await simulator.sendInteraction(allowed)
        _ = try await simulator.waitForOriginalResponse(interactionID: allowed.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let before = simulator.messages(channelID: Self.channel).filter { !$0.isEphemeral }.count

        let refused = Self.newStory(simulator, theme: "owls")
        await simulator.sendInteraction(refused)
        let ack = try await simulator.waitForCallback(interactionID: refused.id)
        #expect(ack.data?.message?.flags != MessagePayload.ephemeral, "deferred at once, as a story that will be made")
        let answer = try await waitFor(timeout: .seconds(20)) { simulator.followUps(interactionID: refused.id).first }
        #expect(answer.isEphemeral)
        #expect(simulator.originalResponse(interactionID: refused.id) == nil, "the public deferral was removed")
        #expect(simulator.messages(channelID: Self.channel).filter { !$0.isEphemeral }.count == before, "no public message was left")
        await bot.stopAll()
    }

    @Test("a page turned to before its picture fills in where it is shown; a message turned on meanwhile is left alone")
    func pagesFillIn() async throws {
        let gate = GatedIllustrator(holding: [2, 3])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let command = Self.newStory(simulator, pages: 3)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let next = try #require(page1.components.first?.components?[2].customID)

        let press = simulator.makeButtonPress(customID: next, messageID: page1.id)
        await simulator.sendInteraction(press)
        _ = try await simulator.waitForCallback(interactionID: press.id)
        let waiting = try #require(simulator.message(id: page1.id))
        #expect(Self.isPage(2, of: 3)(waiting))
        #expect(waiting.attachments.isEmpty && waiting.embeds.first?.description?.contains("still being painted") == true)

        gate.release(page: 2)
        let filled = try await waitFor(timeout: .seconds(10)) {
            simulator.message(id: page1.id).flatMap { $0.attachments.first?.filename == "page-2.webp" ? $0 : nil }
        }
        #expect(Self.isPage(2, of: 3)(filled))
        #expect(filled.embeds.first?.description?.contains("still being painted") == false)

        // Turned on to page 3 (still painting), then page 3's picture arrives: it fills in there.
        let toThree = try #require(filled.components.first?.components?[2].customID)
        let pressThree = simulator.makeButtonPress(customID: toThree, messageID: page1.id)
        await simulator.sendInteraction(pressThree)
        _ = try await simulator.waitForCallback(interactionID: pressThree.id)
        // The token of that press dies: the fill-in goes through the channel.
        simulator.revokeToken(interactionID: pressThree.id)
        gate.release(page: 3)
        let three = try await waitFor(timeout: .seconds(10)) {
            simulator.message(id: page1.id).flatMap { $0.attachments.first?.filename == "page-3.webp" ? $0 : nil }
        }
        #expect(Self.isPage(3, of: 3)(three))
        await bot.stopAll()
    }

    @Test("a message turned away from a page waiting for its picture is not changed back when the picture arrives")
    func turnedAwayIsLeftAlone() async throws {
        let gate = GatedIllustrator(holding: [2])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let command = Self.newStory(simulator, pages: 3)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let toTwo = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(toTwo)
        _ = try await simulator.waitForCallback(interactionID: toTwo.id)
        let onTwo = try #require(simulator.message(id: page1.id))
        let back = simulator.makeButtonPress(customID: try #require(onTwo.components.first?.components?[0].customID), messageID: page1.id)
        await simulator.sendInteraction(back)
        _ = try await simulator.waitForCallback(interactionID: back.id)
        let edits = try #require(simulator.message(id: page1.id)).editedCount
        gate.release(page: 2)
        // Page 3 is begun only after page 2's picture was saved and its fill-ins done.
        try await waitFor(timeout: .seconds(10)) { gate.hasStarted(page: 3) ? true : nil }
        let after = try #require(simulator.message(id: page1.id))
        #expect(Self.isPage(1, of: 3)(after))
        #expect(after.editedCount == edits, "the message now on page 1 was left alone")
        await bot.stopAll()
    }

    @Test("with a model illustrator (pictures take a second), a page turned to early fills in when its picture arrives")
    func pagesFillInWithModelPictures() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        gemini.setLatency(.milliseconds(800), for: .image)
        let bot = try await DiscordTestBot.start { config in
            config.imageProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "unused", imageModel: "gemini-image-test")
        }
        let simulator = bot.simulator
        let command = Self.newStory(simulator, pages: 3)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let press = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(press)
        _ = try await simulator.waitForCallback(interactionID: press.id)
        let waiting = try #require(simulator.message(id: page1.id))
        #expect(Self.isPage(2, of: 3)(waiting))
        #expect(waiting.attachments.isEmpty, "page 2's picture was still being painted")
        let filled = try await waitFor(timeout: .seconds(10)) {
            simulator.message(id: page1.id).flatMap { $0.attachments.first?.filename == "page-2.webp" ? $0 : nil }
        }
        #expect(Self.isPage(2, of: 3)(filled))
        await bot.stopAll()
        await gemini.stop()
    }
}
