import DiscordModels
import DiscordSimulator
import Foundation
import GRDB
import MagicalStories
import Operations
import StoryStore
import Testing

/// SIGTERM stops the service within 10 s (Docker's default before SIGKILL) even while Discord
/// cannot be reached; what was in flight is finished or left to resume on the next start.
@Suite("SIGTERM while Discord cannot be reached", .serialized)
struct ShutdownTests {
    /// Docker sends SIGKILL 10 s after SIGTERM.
    static let limit = Duration.seconds(10)

    @Test("Discord blackholed from the start (requests hang, never answered): SIGTERM exits 0 in under 10 s")
    func blackholedDiscord() async throws {
        let blackhole = try Blackhole()
        defer { blackhole.close() }
        let token = "MTE5MDg3NjU0MzIxMDk4NzY1.Gq7Rw2.Vx9KpL3mZt8NcB5fHj2QsYd6WuA4eIoRnT"
        let service = try ServiceProcess(environment: [
            "WEB_CHAT_ENABLED": "false", "DISCORD_TOKEN": token,
            "DISCORD_APPLICATION_ID": "1100000000000000001", "DISCORD_API_URL": blackhole.url + "/api/v10", "LOG_LEVEL": "trace",
        ])
        defer { service.cleanUp() }
        try await service.waitUntilHealthy()
        // The bot is registering its commands: a request sits unanswered in the blackhole.
        try await Eventually.check("the bot is waiting on Discord", timeout: .seconds(30)) {
            (try await service.operations("/ready")).1.contains("discord gateway")
        }
        try await waitFor(timeout: .seconds(30)) { blackhole.waitingConnections >= 1 ? true : nil }
        let took = await service.terminate(within: .seconds(30))
        let elapsed = try #require(took, "still running 30 s after SIGTERM; log:\n\(service.log)")
        #expect(elapsed < Self.limit, "stopped in \(elapsed); log:\n\(service.log)")
        #expect(service.terminationStatus == 0, "log:\n\(service.log)")
        print("SIGTERM with Discord blackholed: stopped in \(elapsed)")
        // Every logger in the process (libraries' too) writes through the redacting handler.
        #expect(service.log.contains("trace"), "logged at trace level")
        #expect(SecretsInLogsTests.leak(of: token, in: service.log) == nil)
    }

    @Test("Discord gone while a command is answered (the answer hangs, then the simulator stops): SIGTERM exits 0 in under 10 s")
    func discordGoneMidCommand() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(500)))
        try await simulator.start()
        let service = try ServiceProcess(environment: [
            "WEB_CHAT_ENABLED": "false", "DISCORD_TOKEN": simulator.configuration.token,
            "DISCORD_APPLICATION_ID": String(describing: simulator.configuration.applicationID), "DISCORD_API_URL": simulator.apiURL,
        ])
        defer { service.cleanUp() }
        try await simulator.waitForIdentifies(count: 1, timeout: .seconds(60))
        // The command is acknowledged; its answer hangs in Discord, then Discord goes away altogether.
        simulator.delayResponses(route: "PATCH /webhooks", by: .seconds(600))
        let command = DiscordDeliveryEdgeTests.newStory(simulator)
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForCallback(interactionID: command.id, timeout: .seconds(30))
        try await waitFor(timeout: .seconds(30)) { simulator.unansweredRequests(route: "PATCH /webhooks") >= 1 ? true : nil }
        await simulator.stop(gracePeriod: .milliseconds(100))

        let took = await service.terminate(within: .seconds(60))
        let elapsed = try #require(took, "still running 60 s after SIGTERM; log:\n\(service.log)")
        #expect(elapsed < Self.limit, "stopped in \(elapsed); log:\n\(service.log)")
        #expect(service.terminationStatus == 0, "log:\n\(service.log)")
        print("SIGTERM with Discord gone while a command is answered: stopped in \(elapsed)")
        // Nothing half-made: the command was not answered, so no story was stored or failed.
        let database = try DatabaseQueue(path: service.environment["DATABASE_PATH"]!)
        let failed = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM story WHERE status = 'failed'") }
        #expect(failed == 0)
    }

    @Test("Discord gone while a story is painted and delivered (the real service, shut down as on SIGTERM): stops in under 10 s; the story is finished or resumes")
    func discordGoneMidStory() async throws {
        let gate = GatedIllustrator(holding: [2])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let command = DiscordDeliveryEdgeTests.newStory(simulator)
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id, where: DiscordDeliveryEdgeTests.isPage(1, of: 3),
                                                        timeout: .seconds(20))
        // Discord stops answering, the rest of the story is painted and its last edit hangs; then Discord is gone.
        simulator.delayResponses(route: "", by: .seconds(600))
        gate.release(page: 2)
        // The rest of the story is on its way: the last page is being painted, or an edit already hangs.
        try await waitFor(timeout: .seconds(60)) {
            gate.hasStarted(page: 3) || simulator.unansweredRequests(route: "") >= 1 ? true : nil
        }
        await simulator.stop(gracePeriod: .milliseconds(100))

        let asked = ContinuousClock.now
        await bot.stopBot()
        let elapsed = ContinuousClock.now - asked
        #expect(elapsed < Self.limit, "stopped in \(elapsed)")
        print("graceful shutdown with Discord gone mid-story: stopped in \(elapsed)")
        let (story, job) = try await bot.app.database!.writer.read { db in
            (try String.fetchOne(db, sql: "SELECT status FROM story"), try String.fetchOne(db, sql: "SELECT status FROM job"))
        }
        #expect(story != nil && story != "failed", "story \(story ?? "none")")
        #expect(["done", "running", "queued"].contains(job ?? ""), "job \(job ?? "none"): finished, or resumed on the next start")
        try? FileManager.default.removeItem(at: bot.directory)
    }
}
