import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

/// `/story book … format:epub`: the EPUB 3 edition as an attachment on Discord and a download
/// link in the web chat, next to the PDF.
@Suite("Picture books as EPUB on Discord and in the web chat", .serialized)
struct EPUBBookFlowTests {
    /// An EPUB's first bytes: a ZIP whose first entry is the stored `mimetype`.
    static func isEPUB(_ data: Data) -> Bool {
        data.count > 58 && data.prefix(2) == Data("PK".utf8)
            && String(decoding: data[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip"
    }

    @Test("Discord: /story book format:epub attaches the EPUB edition")
    func discordEPUB() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a lighthouse cat", "name": "Ida", "pages": 3])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                                where: { $0.embeds.first?.footer?.text == "page 1 of 3" }, timeout: .seconds(20))
        let id = String(try #require(page1.components.first?.components?[2].customID).split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: id, family: DiscordTestBot.family)

        let book = simulator.makeSlashCommand(subcommand: "book", options: ["story": .string(id), "format": "epub"])
        await simulator.sendInteraction(book)
        let answer = try await simulator.waitForOriginalResponse(interactionID: book.id, where: { !$0.attachments.isEmpty },
                                                                 timeout: .seconds(30))
        let file = try #require(answer.attachments.first)
        #expect(file.filename.hasSuffix(".epub") && file.contentType == "application/epub+zip")
        #expect(Self.isEPUB(file.data) && file.data.count <= 10 * 1_024 * 1_024)
        #expect(answer.content?.contains("EPUB") == true && !answer.isEphemeral)
        await bot.stopAll()
    }

    @Test("web chat: /story book format:epub links to /books/{id}/epub, for the room's members only")
    func webChatEPUB() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let ready = try await WebChatReadyStory.make(app)
        let (anna, member, storyID) = (ready.client, ready.member, ready.storyID)

        try await anna.say("/story book \(storyID) format:epub")
        let offer = try await anna.next("the EPUB") { $0.message?.book != nil }
        let book = try #require(offer.message?.book)
        #expect(book.url == "/books/\(storyID)/epub" && book.filename.hasSuffix(".epub"))
        let (status, body, headers) = try await app.get(book.url, as: member)
        #expect(status == 200 && headers["content-type"] == "application/epub+zip")
        #expect(Self.isEPUB(body))
        #expect(try await app.get(book.url, as: nil).0 == 401)
        let carl = try await app.join(room: "neighbours", name: "Carl")
        #expect(try await app.get(book.url, as: carl).0 == 404)

        try await anna.say("/story book \(storyID) format:mobi")
        let refusal = try await anna.next("a kind refusal") { $0.message?.isPrivate == true }
        #expect(refusal.message?.text?.contains("epub") == true)
        await anna.close()
        await app.stop()
    }
}
