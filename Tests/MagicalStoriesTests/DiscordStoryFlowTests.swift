import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryTestSupport
import StoryProviders
import Testing

@Suite("Discord: stories end to end against the simulator", .serialized)
struct DiscordStoryFlowTests {
    /// The simulator's route for interaction callbacks (acknowledgements and page turns).
    static let callbackRoute = "/interactions/{interaction_id}/{interaction_token}/callback"

    static func isPage(_ number: Int, of count: Int) -> @Sendable (SimulatedMessage) -> Bool {
        { $0.embeds.first?.footer?.text == "page \(number) of \(count)" }
    }

    @Test("/story new is deferred at once, shows progress, then page 1 with its picture and buttons; ▶ turns the page")
    func storyFlow() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)

        let ack = try await simulator.waitForCallback(interactionID: command.id)
        #expect(ack.type == .deferredChannelMessage)
        #expect(ack.data?.message?.flags == nil, "a story is for everyone: the deferral is public")
        let latency = try #require(simulator.acknowledgementLatency(interactionID: command.id))
        #expect(latency < .seconds(3))

        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 5), timeout: .seconds(20))
        let embed = try #require(page1.embeds.first)
        #expect(embed.title?.isEmpty == false)
        #expect(embed.description?.contains("Mia") == true)
        #expect(embed.image?.url == "attachment://page-1.webp")
        let picture = try #require(page1.attachments.first)
        // Uploaded as WebP (~15 KB, not the stored ~150 KB PNG): RIFF….WEBP, 768 wide (VP8 frame header).
        #expect(picture.filename == "page-1.webp" && picture.contentType == "image/webp")
        #expect(picture.data.starts(with: Data("RIFF".utf8)) && picture.data.count < 40_000, "\(picture.data.count) B")
        let buttons = try #require(page1.components.first?.components)
        #expect(buttons.map { $0.emoji?.name ?? $0.label } == ["ms_first_page", "ms_page_back", "ms_page_next"], "the app's own emojis")
        #expect(!page1.isEphemeral)
        #expect(page1.editedCount >= 2, "progress was shown by editing the same message")

        // Bob (another member) turns the page: UPDATE_MESSAGE with page 2 and its own picture.
        let next = try #require(buttons[2].customID)
        try await waitUntilReady(bot.app.stories, id: String(next.split(separator: ":")[2]),
                                 family: DiscordTestBot.family)
        let press = simulator.makeButtonPress(customID: next, messageID: page1.id,
                                              user: User(id: 1_400_000_000_000_000_002, username: "bob", globalName: "Bob"))
        await simulator.sendInteraction(press)
        let update = try await simulator.waitForCallback(interactionID: press.id)
        #expect(update.type == .updateMessage)
        let turned = try #require(simulator.message(id: page1.id))
        #expect(turned.embeds.first?.footer?.text == "page 2 of 5")
        #expect(turned.attachments.map(\.filename) == ["page-2.webp"])
        #expect(turned.attachments.first?.data != picture.data)
        #expect(try #require(simulator.acknowledgementLatency(interactionID: press.id)) < .seconds(3))
        let turnUploads = simulator.interactionCallbacks(interactionID: press.id).first?.files ?? []
        let turnUpload = try #require(turnUploads.first)
        #expect(turnUploads.count == 1)
        #expect(turnUpload.contentType == "image/webp" && turnUpload.data.count < 40_000, "\(turnUpload.data.count) B a turn")

        // Ann pressed ▶ on page 1 too, just after Bob: her press shows page 2 again, and the
        // picture the message already holds is kept by its id, not uploaded again.
        let kept = try #require(turned.attachments.first)
        let again = simulator.makeButtonPress(customID: next, messageID: page1.id)
        #expect(again.message?.attachments?.map(\.filename) == ["page-2.webp"])
        await simulator.sendInteraction(again)
        #expect(try await simulator.waitForCallback(interactionID: again.id).type == .updateMessage)
        let repeated = try #require(simulator.interactionCallbacks(interactionID: again.id).first)
        #expect(repeated.isAccepted && repeated.files.isEmpty, "nothing uploaded")
        #expect(repeated.response.data?.message?.attachments == [AttachmentReference(id: kept.id.description)])
        let shown = try #require(simulator.message(id: page1.id))
        #expect(shown.attachments == [kept] && shown.embeds.first?.image?.url == "attachment://page-2.webp")

        await bot.stopAll()
    }

    @Test("two people press together: a press made while the message showed the old picture uploads it when its kept id is gone")
    func pressesTogether() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 5), timeout: .seconds(20))
        let buttons = try #require(page1.components.first?.components)
        let first = try #require(buttons[0].customID), next = try #require(buttons[2].customID)
        try await waitUntilReady(bot.app.stories, id: String(next.split(separator: ":")[2]), family: DiscordTestBot.family)

        // Bob presses ▶ and, while Discord is still applying his update, Cy presses ⏮ on the
        // message as both saw it: page 1, with page 1's picture.
        simulator.delayResponses(route: Self.callbackRoute, by: .seconds(2))
        let bob = simulator.makeButtonPress(customID: next, messageID: page1.id)
        await simulator.sendInteraction(bob)
        try await eventually("Bob's update reached Discord") { simulator.unansweredRequests(route: Self.callbackRoute) == 1 }
        let cy = simulator.makeButtonPress(customID: first, messageID: page1.id)
        #expect(cy.message?.attachments?.map(\.filename) == ["page-1.webp"])
        await simulator.sendInteraction(cy)
        try await eventually("Cy's update reached Discord") { simulator.unansweredRequests(route: Self.callbackRoute) == 2 }
        simulator.delayResponses(route: Self.callbackRoute, by: nil)
        _ = try await simulator.waitForCallback(interactionID: bob.id)

        // Cy's update kept page 1's picture by an id Bob's update had replaced: Discord refuses
        // that (400), so the picture is uploaded after all and page 1 is shown, not a kind note.
        #expect(try await simulator.waitForCallback(interactionID: cy.id).type == .updateMessage)
        let callbacks = simulator.interactionCallbacks(interactionID: cy.id)
        #expect(callbacks.count == 2 && callbacks.first?.status == 400, "the kept id was refused first")
        #expect(callbacks.last?.isAccepted == true && callbacks.last?.files.map(\.filename) == ["page-1.webp"])
        let shown = try #require(simulator.message(id: page1.id))
        #expect(shown.embeds.first?.footer?.text == "page 1 of 5" && shown.attachments.map(\.filename) == ["page-1.webp"])
        await bot.stopAll()
    }

    @Test("while Discord is slow, button presses are worked 16 at a time and a command sent behind them is answered first")
    func buttonPressesHaveTheirOwnLane() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        simulator.delayResponses(route: Self.callbackRoute, by: .milliseconds(200))
        // Buttons the bot never made: each gets a short private answer, no picture to upload.
        let presses = (0..<48).map { simulator.makeButtonPress(customID: "someone-else:\($0)") }
        for press in presses { await simulator.sendInteraction(press) }
        let help = simulator.makeSlashCommand(name: "help")
        await simulator.sendInteraction(help)

        _ = try await simulator.waitForCallback(interactionID: help.id, timeout: .seconds(10))
        for press in presses { _ = try await simulator.waitForCallback(interactionID: press.id, timeout: .seconds(20)) }
        let answered = { (id: Snowflake) in simulator.interactionCallbacks(interactionID: id).first?.receivedAt }
        let helpAnswered = try #require(answered(help.id))
        let pressesBefore = presses.map(\.id).compactMap(answered).filter { $0 < helpAnswered }.count
        #expect(pressesBefore <= 16, "the command waited behind \(pressesBefore) button presses")
        // Never more than 16 presses (plus the command's answer and its follow-up) in flight at once.
        #expect(simulator.maxConcurrentRequests <= 18)
        #expect(simulator.maxConcurrentRequests >= 16, "the presses were worked side by side")
        simulator.delayResponses(route: Self.callbackRoute, by: nil)
        await bot.stopAll()
    }

    @Test("a burst of commands is acknowledged 32 at a time, and no acknowledgement waits for the work behind the others")
    func commandsAreAcknowledgedInALaneOfTheirOwn() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let answerRoute = "PATCH /webhooks/{application_id}/{interaction_token}/messages/"
        simulator.delayResponses(route: Self.callbackRoute, by: .milliseconds(150))
        // The work behind each command (its answer) is slow: 16 at a time, 4 s each. An acknowledgement
        // that waited for it would take 4 s or more; a loaded machine may still take a few hundred ms.
        simulator.delayResponses(route: answerRoute, by: .seconds(4))
        let commands = (0..<48).map { _ in simulator.makeSlashCommand(name: "help") }
        for command in commands { await simulator.sendInteraction(command) }

        for command in commands {
            #expect(try await simulator.waitForCallback(interactionID: command.id, timeout: .seconds(10)).type == .deferredChannelMessage)
        }
        let slowest = try #require(commands.compactMap { simulator.acknowledgementLatency(interactionID: $0.id) }.max())
        #expect(slowest < .seconds(3), "an acknowledgement waited for the work of other commands (\(slowest))")
        #expect(simulator.maxRequests(route: Self.callbackRoute, within: .milliseconds(100)) <= 32, "more than 32 acknowledgements at once")
        #expect(simulator.maxRequests(route: Self.callbackRoute, within: .milliseconds(100)) >= 16, "the acknowledgements were sent side by side")
        simulator.delayResponses(route: answerRoute, by: nil)
        for command in commands {
            let answer = try await simulator.waitForOriginalResponse(interactionID: command.id, where: { !$0.isLoading }, timeout: .seconds(20))
            #expect(answer.isEphemeral && answer.content?.contains("/story new") == true)
        }
        simulator.delayResponses(route: Self.callbackRoute, by: nil)
        await bot.stopAll()
    }

    @Test("a command whose acknowledgement Discord refuses is not run: no story is made that nobody can be shown")
    func unacknowledgedCommandIsNotRun() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        // Held long enough that the test sees it held however loaded the machine (300 ms was not).
        simulator.delayResponses(route: Self.callbackRoute, by: .seconds(5))
        let late = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a late owl", "name": "Ada", "pages": 3])
        await simulator.sendInteraction(late)
        // The deferral is on its way (held by the simulator); by the time Discord reads it, the 3 s have passed.
        try await waitFor { simulator.unansweredRequests(route: Self.callbackRoute) >= 1 ? true : nil }
        simulator.advanceTime(by: .seconds(4))
        try await waitFor { simulator.interactionCallbacks(interactionID: late.id).first }
        #expect(simulator.interactionCallbacks(interactionID: late.id).map(\.status) == [404])
        simulator.delayResponses(route: Self.callbackRoute, by: nil)

        // A command sent after it is answered with its story, and by then the refused one would have been worked.
        let next = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "an early lark", "name": "Ada", "pages": 3])
        await simulator.sendInteraction(next)
        _ = try await simulator.waitForOriginalResponse(interactionID: next.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let library = try await bot.app.stories.library(of: DiscordTestBot.family, offset: 0, limit: 10)
        #expect(library.total == 1, "stories made: \(library.items.map(\.title))")
        #expect(simulator.originalResponse(interactionID: late.id) == nil && simulator.followUps(interactionID: late.id).isEmpty)
        await bot.stopAll()
    }

    @Test("mistakes and refusals are private; a foreign button gets a kind private answer")
    func privateErrors() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let tooLong = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "pages": 12])
        await simulator.sendInteraction(tooLong)
        // Decided before acknowledging: the deferral itself is private, so nobody else sees the mistake.
        let ack = try await simulator.waitForCallback(interactionID: tooLong.id)
        #expect(ack.data?.message?.flags == MessagePayload.ephemeral)
        let refusal = try await simulator.waitForOriginalResponse(interactionID: tooLong.id, where: { !$0.isLoading })
        #expect(refusal.isEphemeral)
        #expect(refusal.content?.contains("up to 5 pages") == true)
        let publicMessages = simulator.messages(channelID: DiscordSimulator.defaultChannelID).filter { !$0.isEphemeral }
        #expect(publicMessages.isEmpty, "no public trace")

        let foreign = simulator.makeButtonPress(customID: "someone-elses-button")
        await simulator.sendInteraction(foreign)
        let answer = try await simulator.waitForOriginalResponse(interactionID: foreign.id, where: { !$0.isLoading })
        #expect(answer.isEphemeral)
        #expect(answer.content?.contains("isn't one of mine") == true)

        let help = simulator.makeSlashCommand(name: "help")
        await simulator.sendInteraction(help)
        let helpAnswer = try await simulator.waitForOriginalResponse(interactionID: help.id, where: { !$0.isLoading })
        #expect(helpAnswer.isEphemeral && helpAnswer.content?.contains("/story new") == true)
        await bot.stopAll()
    }

    @Test("without Attach Files and Embed Links, pages are text with a short note — never a failed request")
    func noPicturePermission() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "the sea", "name": "Noor", "pages": 3],
                                                 appPermissions: [.viewChannel, .sendMessages])
        await simulator.sendInteraction(command)
        let page = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                               where: { $0.content?.contains("*page 1 of 3*") == true }, timeout: .seconds(20))
        #expect(page.embeds.isEmpty && page.attachments.isEmpty)
        #expect(page.content?.contains("Attach Files") == true)
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }

    @Test("autocomplete suggests the family's stories; /story read opens one")
    func autocompleteAndRead() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a moon who lost her glasses", "name": "Sam", "pages": 3])
        await simulator.sendInteraction(command)
        let page = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let title = try #require(page.embeds.first?.title)

        let typing = simulator.makeAutocomplete(subcommand: "read", focused: "story", value: String(title.prefix(4)))
        await simulator.sendInteraction(typing)
        let suggestions = try await simulator.waitForCallback(interactionID: typing.id)
        #expect(suggestions.type == .autocompleteResult)
        let choice = try #require(suggestions.data?.choices?.first)
        #expect(choice.name == title)

        let read = simulator.makeSlashCommand(subcommand: "read", options: ["story": .string(choice.value)])
        await simulator.sendInteraction(read)
        let reopened = try await simulator.waitForOriginalResponse(interactionID: read.id, where: Self.isPage(1, of: 3))
        #expect(reopened.embeds.first?.title == title)
        await bot.stopAll()
    }

    @Test("library, another story like this, and delete with a private confirmation")
    func libraryAnotherAndDelete() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "owls", "name": "Ada", "pages": 3])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        let title = try #require(page1.embeds.first?.title)

        // Turn to the last page, then ask for another story like it.
        try await waitUntilReady(bot.app.stories, id: String(try #require(page1.components.first?.components?[2].customID).split(separator: ":")[2]),
                                 family: DiscordTestBot.family)
        let last = simulator.makeButtonPress(customID: try #require(page1.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(last)
        try await simulator.waitForCallback(interactionID: last.id)
        let onPage2 = try #require(simulator.message(id: page1.id))
        let toPage3 = simulator.makeButtonPress(customID: try #require(onPage2.components.first?.components?[2].customID), messageID: page1.id)
        await simulator.sendInteraction(toPage3)
        try await simulator.waitForCallback(interactionID: toPage3.id)
        let lastPage = try #require(simulator.message(id: page1.id))
        #expect(lastPage.embeds.first?.description?.contains("The End") == true)
        let another = try #require(lastPage.components.dropFirst().first?.components?.first)
        #expect(another.label?.contains("Another story") == true)
        let again = simulator.makeButtonPress(customID: try #require(another.customID), messageID: page1.id)
        await simulator.sendInteraction(again)
        let second = try await simulator.waitForOriginalResponse(interactionID: again.id, where: Self.isPage(1, of: 3), timeout: .seconds(20))
        #expect(second.id != page1.id, "another story is a new message")

        let library = simulator.makeSlashCommand(subcommand: "library")
        await simulator.sendInteraction(library)
        let shelf = try await simulator.waitForOriginalResponse(interactionID: library.id, where: { !$0.isLoading })
        #expect(shelf.content?.contains("Your family's stories** (2)") == true)

        // Someone else may not delete Ada's story; the requester may, after confirming.
        let stranger = simulator.makeSlashCommand(subcommand: "delete", options: ["story": .string(title)],
                                                  user: User(id: 1_400_000_000_000_000_009, username: "zed"))
        await simulator.sendInteraction(stranger)
        let refused = try await simulator.waitForOriginalResponse(interactionID: stranger.id, where: { !$0.isLoading })
        #expect(refused.isEphemeral && refused.content?.contains("Only the person") == true)

        let delete = simulator.makeSlashCommand(subcommand: "delete", options: ["story": .string(title)])
        await simulator.sendInteraction(delete)
        let confirm = try await simulator.waitForOriginalResponse(interactionID: delete.id, where: { !$0.isLoading })
        #expect(confirm.isEphemeral)
        let yes = simulator.makeButtonPress(customID: try #require(confirm.components.first?.components?.first?.customID), messageID: confirm.id)
        await simulator.sendInteraction(yes)
        #expect(try await simulator.waitForCallback(interactionID: yes.id).type == .updateMessage)
        #expect(simulator.message(id: confirm.id)?.content?.contains("was deleted") == true)
        await bot.stopAll()
    }

    @Test("slash commands are registered once; a restart with the same commands does not register again")
    func registration() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-reg-\(UUID().uuidString)")
        let first = try await DiscordTestBot.start(directory: directory)
        let simulator = first.simulator
        try await waitFor { simulator.commandRegistrations == 1 ? true : nil }
        let commands = simulator.registeredCommands()
        #expect(Set(commands.map(\.name)) == ["story", "collection", "premium", "settings", "bedtime", "cast", "help"])
        // Admin and manager commands are hidden from ordinary members (and checked again on use).
        #expect(commands.first { $0.name == "premium" }?.defaultMemberPermissions == "0")
        #expect(commands.first { $0.name == "settings" }?.defaultMemberPermissions == "32")
        #expect(commands.first { $0.name == "story" }?.defaultMemberPermissions == nil)
        let story = try #require(commands.first { $0.name == "story" })
        #expect(story.options?.map(\.name) == ["new", "continue", "library", "read", "book", "delete", "listen"])
        let theme = try #require(story.options?.first?.options?.first)
        #expect(theme.name == "theme" && theme.required != true && theme.maxLength == 200)  // optional on Discord: `/story new` alone opens the form
        await first.stopBot()

        // The bot registers its commands before it connects to the gateway: once `start` has seen
        // the second bot connect, its decision not to register again is made.
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory)
        #expect(simulator.commandRegistrations == 1)
        await second.stopAll()
    }
}

/// Polls `value` until it is non-nil (for state the simulator changes asynchronously).
@discardableResult
func waitFor<T>(timeout: Duration = .seconds(30), _ value: () -> T?) async throws -> T {
    var found: T?
    try await eventually("a condition", timeout: timeout) {
        found = value()
        return found != nil
    }
    guard let found else { throw ChatTestClient.Timeout(what: "a condition") }
    return found
}

/// Waits until the story has every picture (pages after 1 are painted after page 1 is shown).
func waitUntilReady(_ stories: StoryService, id: String, family: FamilyRef, timeout: Duration = .seconds(30)) async throws {
    try await eventually("story \(id) to be ready", timeout: timeout) {
        guard let storyID = StoryID(rawValue: id) else { return false }
        return try await stories.story(storyID, family: family)?.status == .ready
    }
}
