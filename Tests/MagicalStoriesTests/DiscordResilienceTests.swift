import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryStore
import Testing

@Suite("Discord: robust to every disconnect", .serialized)
struct DiscordResilienceTests {
    @Test("commands sent while the connection is down are replayed on resume and answered once each")
    func dropWhileInFlight() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        try await simulator.waitForIdentifies(count: 1)
        await simulator.dropConnection()
        let commands = (0..<5).map { _ in simulator.makeSlashCommand(name: "help") }
        for command in commands { await simulator.sendInteraction(command) }
        try await simulator.waitForResumes(count: 1, timeout: .seconds(30))
        for command in commands {
            try await simulator.waitForCallback(interactionID: command.id, timeout: .seconds(30))
            _ = try await simulator.waitForOriginalResponse(interactionID: command.id, where: { !$0.isLoading })
        }
        try await bot.waitForHandled("help", count: commands.count)
        for command in commands {
            #expect(simulator.interactionCallbacks(interactionID: command.id).count == 1, "answered exactly once")
        }
        #expect(simulator.identifyCount == 1, "resumed, not identified again")
        await bot.stopAll()
    }

    @Test("a zombie connection (no heartbeat ACKs) is closed with a resumable code and resumed")
    func zombie() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        try await simulator.waitForIdentifies(count: 1)
        await simulator.setHeartbeatAcks(enabled: false)
        try await simulator.waitForClientCloses(count: 1, timeout: .seconds(30))
        #expect(simulator.clientCloseCodes.allSatisfy { $0 != 1000 && $0 != 1001 })
        await simulator.setHeartbeatAcks(enabled: true)
        try await simulator.waitForResumes(count: 1, timeout: .seconds(30))
        let command = simulator.makeSlashCommand(name: "help")
        await simulator.sendInteraction(command)
        try await simulator.waitForCallback(interactionID: command.id)
        await bot.stopAll()
    }

    @Test("op 7 reconnect resumes; invalid session (not resumable) identifies again")
    func reconnectAndInvalidSession() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        try await simulator.waitForIdentifies(count: 1)
        await simulator.sendReconnect()
        try await simulator.waitForResumes(count: 1, timeout: .seconds(30))
        #expect(simulator.resumeCount == 1 && simulator.identifyCount == 1, "op 7 resumed the session")
        await simulator.invalidateSession(resumable: false)
        try await simulator.waitForIdentifies(count: 2, timeout: .seconds(30))
        #expect(simulator.resumeCount == 1, "a session that cannot be resumed is identified afresh, not resumed")
        let command = simulator.makeSlashCommand(name: "help")
        await simulator.sendInteraction(command)
        try await simulator.waitForCallback(interactionID: command.id)
        #expect(simulator.interactionCallbacks(interactionID: command.id).count == 1, "the new session answers")
        await bot.stopAll()
    }

    @Test("a rejected token (4004) stops the bot with an error instead of reconnecting")
    func authenticationFailed() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let bot = try await DiscordTestBot.start(simulator: simulator)
        try await simulator.waitForIdentifies(count: 1)
        await simulator.closeGateway(code: 4004)
        let result = await bot.result()
        guard case let .failure(error) = result else {
            Issue.record("the bot kept running after 4004")
            await bot.stopAll()
            return
        }
        #expect("\(error)".contains("4004") || "\(error)".lowercased().contains("authentication"))
        // The service group has ended (its result is in), so nothing is left running that could
        // connect again.
        #expect(simulator.connectionCount == 1, "no reconnect loop")
        await simulator.stop()
        try? FileManager.default.removeItem(at: bot.directory)
    }

    @Test("a storm of 429s is waited out: the bot never hammers a limited route, and the story still arrives")
    func rateLimitStorm() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        simulator.inject429(route: "PATCH /webhooks/{application_id}/{interaction_token}/messages/", count: 3, retryAfter: 0.3)
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "stars", "name": "Ada", "pages": 3])
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                        where: { $0.embeds.first?.footer?.text == "page 1 of 3" }, timeout: .seconds(30))
        let route = "PATCH /webhooks/{application_id}/{interaction_token}/messages/"
        let edits = simulator.requests.filter { $0.matches(route) }
        let limited = edits.filter { $0.status == 429 }
        #expect(limited.count == 3)
        // While limited (retry_after 0.3 s), nothing else was sent to that route.
        for rejection in limited {
            let during = edits.filter { $0.time > rejection.time && $0.time < rejection.time.advanced(by: .milliseconds(280)) }
            #expect(during.isEmpty, "a request was sent while the route was limited")
        }
        await bot.stopAll()
    }

    @Test("after a restart mid-story the story reaches the original interaction once; a quick restart resumes the session")
    func restartMidStory() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-restart-\(UUID().uuidString)")
        let dying = RecordingIllustrator(stopAfter: 1)
        let first = try await DiscordTestBot.start(simulator: simulator, directory: directory, illustrator: dying)
        try await simulator.waitForIdentifies(count: 1)
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a lighthouse", "name": "Noor", "pages": 3])
        await simulator.sendInteraction(command)
        // Page 1 is shown as soon as it is painted; the bot stops while page 2 is being painted.
        let page = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                               where: { $0.embeds.first?.footer?.text == "page 1 of 3" }, timeout: .seconds(20))
        #expect(page.attachments.first?.filename == "page-1.webp")
        try await waitFor { dying.callsStarted == 2 ? true : nil }
        await first.stopBot()

        let resumed = RecordingIllustrator()
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory, illustrator: resumed)
        try await waitFor { resumed.pagesPainted.count == 2 ? true : nil }
        #expect(resumed.pagesPainted == [2, 3])
        #expect(simulator.message(id: page.id)?.editedCount == page.editedCount, "page 1 was not delivered twice")
        #expect(simulator.identifyCount == 1 && simulator.resumeCount >= 1, "the stored session was resumed")
        // Once the story's job is done, the pipeline delivers nothing more.
        let story = try #require(try await second.app.stories.library(of: DiscordTestBot.family, offset: 0, limit: 1).items.first?.id)
        try await waitForJobDone(SQLiteJobQueue(database: second.app.database!, clock: SystemWallClock()), story: story)
        #expect(simulator.messages(channelID: DiscordSimulator.defaultChannelID).filter { $0.interactionID == nil }.isEmpty,
                "delivered to the interaction, not posted again to the channel")
        await second.stopAll()
    }

    @Test("when the interaction token has expired, the finished story is shown in the channel")
    func expiredToken() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-expired-\(UUID().uuidString)")
        // The bot stops while page 1 is being painted, before anything was delivered.
        let first = try await DiscordTestBot.start(simulator: simulator, directory: directory, illustrator: RecordingIllustrator(stopAfter: 0))
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "name": "Ada", "pages": 3])
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                        where: { $0.content?.contains("Painting page 1") == true }, timeout: .seconds(20))
        await first.stopBot()
        simulator.advanceTime(by: .seconds(16 * 60))

        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        // The story's message (known by its id) is edited through the channel in place.
        let story = try await waitFor(timeout: .seconds(20)) {
            simulator.messages(channelID: DiscordSimulator.defaultChannelID).first { $0.embeds.first?.footer?.text == "page 1 of 3" }
        }
        #expect(story.attachments.first?.filename == "page-1.webp")
        #expect(!story.isEphemeral)
        await second.stopAll()
    }
}
