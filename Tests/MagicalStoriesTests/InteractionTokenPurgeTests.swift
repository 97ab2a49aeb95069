import DiscordModels
import DiscordSimulator
import Foundation
import GRDB
import MagicalStories
import Operations
import StoryDomain
import StoryStore
import StoryTestSupport
import Testing

/// Interaction tokens are not kept once they cannot be used: a finished job forgets its token at
/// once, any job 15 minutes after its interaction; delivery then goes through the channel.
@Suite("Interaction tokens forgotten", .serialized)
struct InteractionTokenPurgeTests {
    static func delivery(of bot: DiscordTestBot) async throws -> (json: String, status: String)? {
        try await bot.app.database!.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT delivery_json, status FROM job").map { ($0[0], $0[1]) }
        }
    }

    static func waitUntilDone(_ bot: DiscordTestBot) async throws {
        try await Eventually.check("the story's job is done", timeout: .seconds(30)) {
            try await delivery(of: bot)?.status == "done"
        }
    }

    @Test("the token is kept while the story is painted and forgotten once its last picture is saved and its message updated")
    func forgottenWhenFinished() async throws {
        let gate = GatedIllustrator(holding: [2])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let command = DiscordDeliveryEdgeTests.newStory(simulator)
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id, where: DiscordDeliveryEdgeTests.isPage(1, of: 3),
                                                        timeout: .seconds(20))
        let painting = try #require(try await Self.delivery(of: bot))
        #expect(painting.json.contains(command.token), "still needed: pages 2 and 3 fill in through it")

        gate.release(page: 2)
        try await Self.waitUntilDone(bot)
        let finished = try #require(try await Self.delivery(of: bot))
        #expect(!finished.json.contains(command.token))
        #expect(!finished.json.contains("secret"))
        #expect(finished.json.contains(#""channelID""#), "the rest of the address is kept")
        await bot.stopAll()
    }

    @Test("15 minutes after the interaction the sweep forgets the token; after a restart the story is delivered by editing its message in the channel")
    func forgottenAfterFifteenMinutes() async throws {
        let clock = ManualWallClock()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-tokens-\(UUID().uuidString)")
        // Page 1 takes its time: the story's message says "painting" (sent through the token, which
        // taught the job the message's id) and nothing is delivered yet.
        let gate = GatedIllustrator(holding: [1])
        let bot = try await DiscordTestBot.start(directory: directory, illustrator: gate, clock: clock)
        let simulator = bot.simulator
        let (command, shown) = try await DiscordDeliveryEdgeTests.storyPaintingPage1(on: simulator)
        try await Eventually.check("page 1 is being painted") { gate.hasStarted(page: 1) }

        #expect(try await bot.app.tokenSweeper.sweep() == 0, "a fresh token is kept")
        clock.advance(by: 14 * 60 + 50)
        #expect(try await bot.app.tokenSweeper.sweep() == 0, "still alive at 14m50s")
        clock.advance(by: 20)
        #expect(try await bot.app.tokenSweeper.sweep() == 1, "past 15 minutes")
        let swept = try #require(try await Self.delivery(of: bot))
        #expect(swept.status == "running")
        #expect(!swept.json.contains(command.token))
        #expect(swept.json.contains(String(describing: shown.id)), "the story's message id is kept, for channel edits")
        #expect(try await bot.app.tokenSweeper.sweep() == 0)

        // The service stops with the story half painted, and starts again without the token.
        await bot.stopBot()
        let before = simulator.requests.count
        let restarted = try await DiscordTestBot.start(simulator: simulator, directory: directory,
                                                       illustrator: GatedIllustrator(holding: []), clock: clock)
        try await Self.waitUntilDone(restarted)
        let after = simulator.requests.dropFirst(before)
        #expect(after.contains { $0.matches("PATCH /channels/{channel_id}/messages/{message_id}") && $0.status == 200 },
                "the story's message was edited in the channel")
        #expect(!after.contains { $0.matches("PATCH /webhooks") }, "no webhook write without a token")
        let message = try #require(simulator.message(id: shown.id))
        #expect(DiscordDeliveryEdgeTests.isPage(1, of: 3)(message), "page 1 is shown in the story's own message")
        #expect(message.attachments.first?.filename == "page-1.webp")
        #expect(simulator.messages(channelID: DiscordDeliveryEdgeTests.channel).filter { $0.interactionID == nil }.isEmpty,
                "no second message")
        await restarted.stopAll()
    }
}
