import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import StoryProviders
import Synchronization
import Testing

/// A story's message deleted by a member or moderator (Discord then answers every edit of it
/// with 404 `10008`), through the real bot and the simulator: the page is posted again as a new
/// message, once, and what follows goes to the new one. Nothing is lost, nothing is doubled.
@Suite("Discord: a deleted story message is posted again", .serialized)
struct DiscordDeletedMessageTests {
    typealias Edge = DiscordDeliveryEdgeTests
    static let channel = DiscordSimulator.defaultChannelID

    /// The channel's bot messages (posted, not interaction responses).
    static func posted(_ simulator: DiscordSimulator) -> [SimulatedMessage] {
        simulator.messages(channelID: channel).filter { $0.interactionID == nil && !$0.isEphemeral }
    }

    @Test("deleted while being written: the next progress is posted anew and page 1 comes to that message, once")
    func deletedWhileWriting() async throws {
        let writer = GatedWriter()
        let bot = try await DiscordTestBot.start(writer: writer)
        let simulator = bot.simulator
        let command = Edge.newStory(simulator)
        await simulator.sendInteraction(command)
        let writing = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                                  where: { $0.content?.contains("Writing") == true })
        simulator.deleteMessage(id: writing.id)
        writer.release()
        let page1 = try await waitFor(timeout: .seconds(20)) { Self.posted(simulator).first(where: Edge.isPage(1, of: 3)) }
        #expect(page1.attachments.first?.filename == "page-1.webp")
        #expect(page1.editedCount >= 1, "posted with the progress, then edited to page 1 in place")
        #expect(Self.posted(simulator).count == 1, "posted once: page 1 went to the new message")
        #expect(simulator.message(id: writing.id) == nil)
        #expect(simulator.requests.contains { $0.status == 404 }, "Discord said the message was gone")

        // The new message works: ▶ turns its page.
        let press = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(press)
        _ = try await simulator.waitForCallback(interactionID: press.id)
        #expect(try #require(simulator.message(id: page1.id)).embeds.first?.footer?.text == "page 2 of 3")
        await bot.stopAll()
    }

    @Test("deleted while page 1 is painting, with a live token or a dead one: page 1 is posted again, once",
          arguments: [false, true])
    func deletedWhilePainting(deadToken: Bool) async throws {
        let gate = GatedIllustrator(holding: [1])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let (command, painting) = try await Edge.storyPaintingPage1(on: simulator)
        if deadToken { simulator.revokeToken(interactionID: command.id) }
        simulator.deleteMessage(id: painting.id)
        gate.release(page: 1)
        let page1 = try await waitFor(timeout: .seconds(20)) { Self.posted(simulator).first(where: Edge.isPage(1, of: 3)) }
        #expect(page1.attachments.first?.filename == "page-1.webp")
        // Pages 2 and 3 painted: the story is whole, and still one message shows it.
        try await waitUntilReady(bot.app.stories, id: try Self.storyID(of: page1).rawValue, family: DiscordTestBot.family)
        #expect(Self.posted(simulator).count == 1, "posted once")
        await bot.stopAll()
    }

    @Test("a page waiting for its picture whose message is deleted: the fill-in posts the page with its picture anew, once")
    func deletedBeforeFillIn() async throws {
        let gate = GatedIllustrator(holding: [2])
        let bot = try await DiscordTestBot.start(illustrator: gate)
        let simulator = bot.simulator
        let command = Edge.newStory(simulator)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Edge.isPage(1, of: 3), timeout: .seconds(20))
        let press = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(press)
        _ = try await simulator.waitForCallback(interactionID: press.id)
        #expect(try #require(simulator.message(id: page1.id)).attachments.isEmpty, "page 2 waits for its picture")

        simulator.deleteMessage(id: page1.id)
        gate.release(page: 2)
        let filled = try await waitFor(timeout: .seconds(20)) { Self.posted(simulator).first(where: Edge.isPage(2, of: 3)) }
        #expect(filled.attachments.first?.filename == "page-2.webp")
        #expect(filled.embeds.first?.description?.contains("still being painted") == false)
        // Page 3 is painted only after page 2's fill-ins were done: by then every post was made.
        try await waitFor(timeout: .seconds(20)) { gate.hasStarted(page: 3) ? true : nil }
        #expect(Self.posted(simulator).count == 1, "posted once")
        await bot.stopAll()
    }

    /// The story a page message shows, from its ▶ button's id (`ms:p:STORY:2`).
    static func storyID(of message: SimulatedMessage) throws -> StoryID {
        let customID = try #require(message.components.first?.components?[2].customID)
        guard case let .page(id, _) = try #require(ComponentID(encoded: customID)) else { throw NotAPageButton(customID: customID) }
        return id
    }

    struct NotAPageButton: Error {
        var customID: String
    }
}

/// The built-in writer, held until released: a story whose message shows "Writing…" as long as
/// the test needs.
final class GatedWriter: StoryWriter {
    let name = "gated-writer"
    let supportedLanguages: Set<StoryLanguage> = [.english]
    private let held = Mutex(true)

    func release() { held.withLock { $0 = false } }

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        while held.withLock({ $0 }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        return try await OfflineStoryWriter().write(request)
    }
}
