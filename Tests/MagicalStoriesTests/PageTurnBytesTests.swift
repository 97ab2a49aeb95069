import DiscordModels
import DiscordSimulator
import Foundation
import ImageDecoding
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import StoryStore
import Testing

/// What a page turn with a built-in picture uploads to Discord (issue 32), through the real bot
/// and the simulator: the page's WebP (kept since its picture was saved) the first time a
/// message shows a page, nothing when the message holds it already, the WebP again when turning
/// back. Prints the figures docs/benchmarks.md states, and what the turn no longer encodes.
@Suite("Discord: bytes and work per page turn", .serialized)
struct PageTurnBytesTests {
    typealias Edge = DiscordDeliveryEdgeTests

    /// Presses the button at `index` (⏮ ◀ ▶) on `message`; returns the bytes of the files its update uploaded.
    static func press(_ index: Int, on message: SimulatedMessage, _ simulator: DiscordSimulator) async throws -> Int {
        let customID = try #require(message.components.first?.components?[index].customID)
        let press = simulator.makeButtonPress(customID: customID, messageID: message.id)
        await simulator.sendInteraction(press)
        _ = try await simulator.waitForCallback(interactionID: press.id)
        return simulator.interactionCallbacks(interactionID: press.id).filter(\.isAccepted).flatMap(\.files).map(\.data.count).reduce(0, +)
    }

    @Test("first show of a page uploads its WebP (a fraction of its PNG), a re-show nothing, a turn back the WebP again")
    func bytesPerTurn() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = Edge.newStory(simulator)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Edge.isPage(1, of: 3), timeout: .seconds(20))
        let storyID = try DiscordDeletedMessageTests.storyID(of: page1)
        try await waitUntilReady(bot.app.stories, id: storyID.rawValue, family: DiscordTestBot.family)
        let delivered = try #require(page1.attachments.first)
        #expect(delivered.filename == "page-1.webp")

        let reshow = try await Self.press(0, on: page1, simulator)
        let onOne = try #require(simulator.message(id: page1.id))
        let firstShow = try await Self.press(2, on: onOne, simulator)
        let onTwo = try #require(simulator.message(id: page1.id))
        #expect(onTwo.attachments.first?.filename == "page-2.webp")
        let back = try await Self.press(1, on: onTwo, simulator)

        var png: [Int] = []
        for number in 1...2 {
            let page = try #require(try await bot.app.stories.page(storyID, number: number, family: DiscordTestBot.family))
            let imageID = try #require(page.page.imageID)
            png.append(try #require(try await bot.app.stories.image(imageID)).data.count)
        }
        #expect(reshow == 0, "a page the message holds is kept by its attachment id")
        #expect(firstShow == onTwo.attachments.first?.data.count && firstShow * 4 < png[1], "WebP \(firstShow) B against PNG \(png[1]) B")
        #expect(back == delivered.data.count, "turning back uploads page 1's WebP again")
        print("""
            bytes per turn (Discord, built-in 768×512): delivery of page 1 \(delivered.data.count) B (PNG \(png[0]) B); \
            re-show \(reshow) B; first show of page 2 \(firstShow) B (PNG \(png[1]) B); turn back to page 1 \(back) B
            """)

        // The work a first show no longer does: the page's encode, against reading its kept WebP.
        let database = try AppDatabase.open(path: bot.directory.appendingPathComponent("stories.sqlite").path)
        let repository = SQLiteStoryRepository(database: database, clock: SystemWallClock())
        let imageID = try #require(try await bot.app.stories.page(storyID, number: 2, family: DiscordTestBot.family)?.page.imageID)
        let stored = try #require(try await repository.image(imageID))
        let clock = ContinuousClock()
        var encodes: [Duration] = [], reads: [Duration] = []
        for _ in 0..<5 { encodes.append(clock.measure { _ = PictureEncoder.compact([UInt8](stored.data)) }) }
        for _ in 0..<50 {
            let start = clock.now
            #expect(try await repository.chatPicture(imageID)?.data.count == firstShow)
            reads.append(clock.now - start)
        }
        func median(_ values: [Duration]) -> Int { Int(values.sorted()[values.count / 2] / .microseconds(1)) }
        print("per picture (this build): encode \(median(encodes)) µs at p50 (no longer on a turn); read of the kept WebP \(median(reads)) µs")
        await bot.stopAll()
    }
}
