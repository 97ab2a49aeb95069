import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

/// Tonight's chapter (`/story continue`) through the web chat and the Discord simulator, with the
/// built-in writer and illustrator: the same cast and world, a new theme, the "Last time…"
/// opening, the chain together and in order in the library, and kind answers to bad input.
@Suite("Tonight's chapter: /story continue in the web chat and on Discord", .serialized)
struct ChapterFlowTests {
    @Test("web chat: a chapter keeps the hero, companion, sheet colours and world, opens with “Last time…”, and the library lists the chain in order")
    func webChatChapter() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let member = try #require(anna.member)
        let family = FamilyRef(platform: .web, externalID: member.room)
        _ = try await anna.next("history") { $0.type == "history" }

        // Nothing to continue yet: a kind, private answer.
        try await anna.say("/story continue")
        let nothing = try await anna.next("a kind answer") { $0.message?.isPrivate == true }
        #expect(nothing.message?.text?.contains("no story to continue yet") == true)

        try await anna.say("/story new theme:a sleepy dragon by the sea name:Mia pages:3")
        let first = try await anna.next("page 1") { $0.message?.page?.pageNumber == 1 }
        let firstID = try #require(first.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: firstID, family: family)
        let original = try #require(try await app.app.stories.story(StoryID(rawValue: firstID)!, family: family))

        try await anna.say("/story continue")
        let chapterPage = try await anna.next("chapter 2, page 1") {
            $0.message?.page?.pageNumber == 1 && $0.message?.page?.storyId != firstID
        }
        let page = try #require(chapterPage.message?.page)
        #expect(page.text.hasPrefix("Last time, in “\(try #require(original.title))”"), "\(page.text)")
        #expect(page.footer == "page 1 of 3 · chapter 2")
        try await waitUntilReady(app.app.stories, id: page.storyId, family: family)
        let chapter = try #require(try await app.app.stories.story(StoryID(rawValue: page.storyId)!, family: family))
        let sheet = try #require(chapter.sheet), originalSheet = try #require(original.sheet)
        #expect(sheet.hero == originalSheet.hero, "the same hero, colours and all")
        #expect(sheet.companion == originalSheet.companion && sheet.companion?.kind == .dragon)
        #expect(sheet.setting == originalSheet.setting && sheet.setting == .seaside, "the same world")
        #expect(sheet.palette == originalSheet.palette && sheet.settingDescription == originalSheet.settingDescription)
        #expect(chapter.request.theme != original.request.theme, "a new small adventure")
        #expect(chapter.request.chapter?.number == 2 && chapter.request.chapter?.previousStoryID == original.id)
        #expect(chapter.request.chapter?.seriesID == original.id)
        #expect(!page.text.contains("sleepy dragon by the sea"), "family text is not copied")

        // Chapter 3, naming the chain's first chapter: it follows chapter 2, the chain's last.
        try await anna.say("/story continue \(original.id.rawValue)")
        let third = try await anna.next("chapter 3") { $0.message?.page?.footer == "page 1 of 3 · chapter 3" }
        let thirdID = try #require(third.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: thirdID, family: family)
        let thirdStory = try #require(try await app.app.stories.story(StoryID(rawValue: thirdID)!, family: family))
        #expect(thirdStory.request.chapter?.previousStoryID == chapter.id)
        #expect(![original.request.theme, chapter.request.theme].contains(thirdStory.request.theme))

        try await anna.say("/story library")
        let library = try await anna.next("the library") { $0.message?.text?.contains("Your family's stories") == true }
        let text = try #require(library.message?.text)
        #expect(text.contains("(1)") && text.contains("chapters 1–3"), "\(text)")
        let titles = [original.title, chapter.title, thirdStory.title].compactMap { $0 }
        let positions = titles.compactMap { text.range(of: "*\($0)*")?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted(), "read in order")

        // The first chapter's last page offers the next chapter, which opens chapter 2.
        try await anna.say("/story read \(original.id.rawValue)")
        let opened = try await anna.next("chapter 1 again") { $0.message?.page?.storyId == firstID && $0.message?.fromBot == true }
        let messageID = try #require(opened.message?.id)
        try await anna.press("ms:p:\(firstID):3", on: messageID)
        let last = try await anna.next("last page") { $0.message?.page?.storyId == firstID && $0.message?.page?.pageNumber == 3 }
        let next = try #require(last.message?.buttons.flatMap { $0 }.first { $0.label.contains("Next chapter") })
        try await anna.press(next.id, on: try #require(last.message?.id))
        let openedNext = try await anna.next("chapter 2 opened") { $0.message?.page?.storyId == chapter.id.rawValue }
        #expect(openedNext.message?.page?.pageNumber == 1)

        // Unknown story: kind and private.
        try await anna.say("/story continue no such tale")
        let unknown = try await anna.next("unknown story") { $0.message?.isPrivate == true }
        #expect(unknown.message?.text?.contains("couldn't find that story") == true)
        await anna.close()
        await app.stop()
    }

    @Test("Discord: /story continue is acknowledged like /story new and becomes chapter 2's page 1 with “Last time…”")
    func discordChapter() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let none = simulator.makeSlashCommand(subcommand: "continue", options: [:])
        await simulator.sendInteraction(none)
        #expect(try await simulator.waitForCallback(interactionID: none.id).data?.message?.flags == MessagePayload.ephemeral)
        let refusal = try await simulator.waitForOriginalResponse(interactionID: none.id, where: { !$0.isLoading })
        #expect(refusal.isEphemeral && refusal.content?.contains("no story to continue yet") == true)

        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a lighthouse cat", "name": "Ida", "pages": 3])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: { $0.embeds.first?.footer?.text == "page 1 of 3" },
                                                                timeout: .seconds(20))
        let title = try #require(page1.embeds.first?.title)
        let id = String(try #require(page1.components.first?.components?[2].customID).split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: id, family: DiscordTestBot.family)

        let next = simulator.makeSlashCommand(subcommand: "continue", options: ["story": .string(String(title.prefix(12)))])
        await simulator.sendInteraction(next)
        let ack = try await simulator.waitForCallback(interactionID: next.id)
        #expect(ack.type == .deferredChannelMessage && ack.data?.message?.flags == nil, "public, like /story new")
        let chapter = try await simulator.waitForOriginalResponse(interactionID: next.id,
                                                                  where: { $0.embeds.first?.footer?.text == "page 1 of 3 · chapter 2" },
                                                                  timeout: .seconds(20))
        #expect(chapter.embeds.first?.description?.hasPrefix("Last time, in “\(title)”") == true)
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }
}
