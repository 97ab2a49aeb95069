import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import StoryDomain
import Testing

/// Stories read as cards (layout messages, flag `IS_COMPONENTS_V2`) through the real bot and
/// the simulator, which checks every card as Discord does.
@Suite("Discord: a story read as cards, one card per page", .serialized)
struct DiscordCardFlowTests {
    typealias Kind = Component.LayoutKind
    static let webhookEdit = DiscordDeliveryEdgeTests.webhookEdit

    static func startWithCards(simulator: DiscordSimulator? = nil, directory: URL? = nil,
                               illustrator: (any Illustrator)? = nil) async throws -> DiscordTestBot {
        try await DiscordTestBot.start(simulator: simulator, directory: directory, illustrator: illustrator) { $0.discordSendsCards = true }
    }

    /// The card's Text Displays (inside its Container), in order.
    static func texts(_ message: SimulatedMessage) -> [String] {
        (message.components.first?.components ?? []).filter { $0.type == Kind.textDisplay }.compactMap(\.content)
    }

    static func isCard(page number: Int, of count: Int) -> @Sendable (SimulatedMessage) -> Bool {
        { message in
            message.flags & MessagePayload.componentsV2 != 0
                && texts(message).contains { $0.hasPrefix("-# page \(number) of \(count)") || $0.contains("*page \(number) of \(count)*") }
        }
    }

    /// The buttons inside the card's Container.
    static func buttons(_ message: SimulatedMessage) -> [Component] {
        (message.components.first?.components ?? []).filter { $0.type == Kind.actionRow }.flatMap { $0.components ?? [] }
    }

    @Test("/story new shows page 1 as one card (picture, text, page 2 of 5, ⏮ ◀ ▶ 🔊 inside); ▶ edits the card in place")
    func storyAsCards() async throws {
        let bot = try await Self.startWithCards()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isCard(page: 1, of: 5),
                                                                timeout: .seconds(20))
        #expect(page1.content == nil && page1.embeds.isEmpty)
        let container = try #require(page1.components.only)
        #expect(container.type == Kind.container && container.accentColor != nil)
        #expect(container.components?.first?.items?.first?.media.url == "attachment://page-1.webp")
        #expect(page1.attachments.map(\.filename) == ["page-1.webp"])
        #expect(Self.texts(page1).contains { $0.hasPrefix("## ") && $0.contains("Mia") })
        #expect(Self.texts(page1).last == "-# page 1 of 5")
        let buttons = Self.buttons(page1)
        // The app's own emojis on the buttons inside the card (docs/discord.md, app emojis).
        #expect(buttons.map { $0.emoji?.name ?? $0.label } == ["ms_first_page", "ms_page_back", "ms_page_next", "ms_read_aloud"])
        #expect(buttons.last?.label == "Read aloud")
        try Self.writeMockupPayload(page1)

        let next = try #require(buttons[2].customID)
        try await waitUntilReady(bot.app.stories, id: String(next.split(separator: ":")[2]), family: DiscordTestBot.family)
        let press = simulator.makeButtonPress(customID: next, messageID: page1.id)
        #expect(press.message?.flags == MessagePayload.componentsV2, "Discord says the pressed message is a card")
        await simulator.sendInteraction(press)
        #expect(try await simulator.waitForCallback(interactionID: press.id).type == .updateMessage)
        let turned = try #require(simulator.message(id: page1.id))
        #expect(Self.isCard(page: 2, of: 5)(turned) && turned.attachments.map(\.filename) == ["page-2.webp"])
        #expect(turned.components.first?.components?.first?.items?.first?.media.url == "attachment://page-2.webp")
        #expect(simulator.interactionCallbacks(interactionID: press.id).allSatisfy { $0.isAccepted }, "no refusal on the way")
        await bot.stopAll()
    }

    @Test("a page sent with embeds before cards keeps turning as embeds")
    func oldEmbedPageStillTurns() async throws {
        let before = try await DiscordTestBot.start()
        let simulator = before.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: DiscordStoryFlowTests.isPage(1, of: 5),
                                                                timeout: .seconds(20))
        let next = try #require(page1.components.first?.components?[2].customID)
        try await waitUntilReady(before.app.stories, id: String(next.split(separator: ":")[2]), family: DiscordTestBot.family)
        await before.stopBot()

        let after = try await Self.startWithCards(simulator: simulator, directory: before.directory)
        let press = simulator.makeButtonPress(customID: next, messageID: page1.id)
        await simulator.sendInteraction(press)
        #expect(try await simulator.waitForCallback(interactionID: press.id).type == .updateMessage)
        let turned = try #require(simulator.message(id: page1.id))
        #expect(turned.flags & MessagePayload.componentsV2 == 0, "still a classic message")
        #expect(turned.embeds.first?.footer?.text == "page 2 of 5" && turned.embeds.first?.image?.url == "attachment://page-2.webp")
        await after.stopAll()
    }

    @Test("a 400 on a card: the page comes again as a minimal Container, never as content")
    func refusedCardIsMinimal() async throws {
        let gate = GatedIllustrator(holding: [1])
        let bot = try await Self.startWithCards(illustrator: gate)
        let simulator = bot.simulator
        let command = DiscordDeliveryEdgeTests.newStory(simulator)
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                        where: { Self.texts($0).contains { $0.contains("Painting page 1") } })
        simulator.injectError(route: Self.webhookEdit, status: 400, code: 50035, message: "Invalid Form Body", count: 1,
                              errorPath: ["components", "0", "components", "0", "items"])
        gate.release(page: 1)
        let minimal = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isCard(page: 1, of: 3),
                                                                  timeout: .seconds(20))
        #expect(minimal.content == nil && minimal.embeds.isEmpty)
        let container = try #require(minimal.components.only)
        #expect(container.accentColor == nil && !(container.components ?? []).contains { $0.type == Kind.mediaGallery })
        #expect(Self.texts(minimal).first?.contains("*page 1 of 3*") == true)
        #expect(Self.buttons(minimal).prefix(3).map { $0.emoji?.name ?? $0.label } == ["ms_first_page", "ms_page_back", "ms_page_next"])
        await bot.stopAll()
    }

    @Test("no Attach Files: the card shows the picture as text art and asks a manager, without an upload")
    func noAttachFiles() async throws {
        let bot = try await Self.startWithCards()
        let simulator = bot.simulator
        simulator.denyPermissions(channelID: DiscordSimulator.defaultChannelID, attachFiles: true)
        var permissions = DiscordSimulator.defaultPermissions
        permissions.remove(.attachFiles)
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5],
                                                 appPermissions: permissions)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(
            interactionID: command.id, where: { Self.isCard(page: 1, of: 5)($0) && Self.texts($0).contains { $0.contains("Attach Files") } },
            timeout: .seconds(30))
        #expect(Self.texts(page1).contains { $0.hasPrefix("```") }, "the picture as text art")
        #expect(simulator.requests.allSatisfy { $0.status < 400 }, "never a refused request")
        #expect(page1.attachments.isEmpty)
        #expect(!(page1.components.first?.components ?? []).contains { $0.type == Kind.mediaGallery })
        await bot.stopAll()
    }

    /// With `CARD_MOCKUP_DIR` set, writes page 1's card as the simulator recorded it (its flags,
    /// components and attachment names) and its picture there, for scripts/card_mockup.py.
    static func writeMockupPayload(_ message: SimulatedMessage) throws {
        guard let path = ProcessInfo.processInfo.environment["CARD_MOCKUP_DIR"] else { return }
        let directory = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let payload = MessagePayload(components: message.components, flags: message.flags,
                                     attachments: message.attachments.map { AttachmentReference(id: $0.id.description, filename: $0.filename) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(payload).write(to: directory.appendingPathComponent("card.json"))
        for attachment in message.attachments {
            try attachment.data.write(to: directory.appendingPathComponent(attachment.filename))
        }
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
