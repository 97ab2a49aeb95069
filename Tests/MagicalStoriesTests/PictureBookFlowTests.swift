import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

@Suite("Picture books: /story book on Discord and in the web chat, and from the command line", .serialized)
struct PictureBookFlowTests {
    static func isPage1(of count: Int) -> @Sendable (SimulatedMessage) -> Bool {
        { $0.embeds.first?.footer?.text == "page 1 of \(count)" }
    }

    @Test("Discord: /story book is deferred at once, then the PDF arrives as an attachment that opens, with every picture")
    func discordBook() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a lighthouse cat", "name": "Ida", "pages": 3])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage1(of: 3), timeout: .seconds(20))
        let title = try #require(page1.embeds.first?.title)
        let next = try #require(page1.components.first?.components?[2].customID)
        try await waitUntilReady(bot.app.stories, id: String(next.split(separator: ":")[2]), family: DiscordTestBot.family)

        let book = simulator.makeSlashCommand(subcommand: "book", options: ["story": .string(String(title.prefix(12)))])
        await simulator.sendInteraction(book)
        let ack = try await simulator.waitForCallback(interactionID: book.id)
        #expect(ack.type == .deferredChannelMessage)
        #expect(ack.data?.message?.flags == nil, "a book is for everyone, like a story page")
        #expect(try #require(simulator.acknowledgementLatency(interactionID: book.id)) < .seconds(3))
        let answer = try await simulator.waitForOriginalResponse(interactionID: book.id, where: { !$0.attachments.isEmpty },
                                                                 timeout: .seconds(30))
        let file = try #require(answer.attachments.first)
        #expect(file.filename.hasSuffix(".pdf") && file.contentType == "application/pdf")
        #expect(file.data.count <= 10 * 1_024 * 1_024)
        let pdf = try PDFInspector(file.data)
        #expect(pdf.pageCount == 4, "a cover and three pages")
        #expect(pdf.imageCount == 3)
        #expect(answer.content?.contains(title) == true)
        #expect(!answer.isEphemeral)
        await bot.stopAll()
    }

    @Test("Discord: an unknown story gets a kind private answer; without Attach Files the bot says what it needs")
    func discordRefusals() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let unknown = simulator.makeSlashCommand(subcommand: "book", options: ["story": "the book that never was"])
        await simulator.sendInteraction(unknown)
        #expect(try await simulator.waitForCallback(interactionID: unknown.id).data?.message?.flags == MessagePayload.ephemeral)
        let refusal = try await simulator.waitForOriginalResponse(interactionID: unknown.id, where: { !$0.isLoading })
        #expect(refusal.isEphemeral && refusal.content?.contains("couldn't find that story") == true)
        #expect(refusal.attachments.isEmpty)

        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy whale", "name": "Bo", "pages": 3])
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: Self.isPage1(of: 3), timeout: .seconds(20))
        let id = String(try #require(page1.components.first?.components?[2].customID).split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: id, family: DiscordTestBot.family)
        let noFiles = simulator.makeSlashCommand(subcommand: "book", options: ["story": .string(id)],
                                                 appPermissions: [.viewChannel, .sendMessages, .embedLinks])
        await simulator.sendInteraction(noFiles)
        let note = try await simulator.waitForOriginalResponse(interactionID: noFiles.id, where: { !$0.isLoading })
        #expect(note.attachments.isEmpty && note.content?.contains("Attach Files") == true)
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }

    @Test("web chat: /story book answers with a download link that works for the room's members and no one else")
    func webChatBook() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let ready = try await WebChatReadyStory.make(app)
        let (anna, member, storyID) = (ready.client, ready.member, ready.storyID)

        try await anna.say("/story book \(storyID)")
        let offer = try await anna.next("the book") { $0.message?.book != nil }
        let book = try #require(offer.message?.book)
        #expect(book.url == "/books/\(storyID)" && book.filename.hasSuffix(".pdf"))
        #expect(offer.message?.isPrivate == false)

        let (status, body, headers) = try await app.get(book.url, as: member)
        #expect(status == 200)
        #expect(headers["content-type"] == "application/pdf")
        #expect(headers["content-disposition"] == "attachment; filename=\"\(book.filename)\"")
        let pdf = try PDFInspector(body)
        #expect(pdf.pageCount == 4 && pdf.imageCount == 3)

        // Not signed in: refused. A member of another room: not found, as if it did not exist.
        #expect(try await app.get(book.url, as: nil).0 == 401)
        let carl = try await app.join(room: "neighbours", name: "Carl")
        #expect(try await app.get(book.url, as: carl).0 == 404)
        #expect(try await app.get("/books/NOT-AN-ID", as: member).0 == 404)

        try await anna.say("/story book no such tale")
        let refusal = try await anna.next("a kind refusal") { $0.message?.isPrivate == true }
        #expect(refusal.message?.text?.contains("couldn't find that story") == true)
        await anna.close()
        await app.stop()
    }
}

@Suite("Picture books from the command line", .serialized)
struct PictureBookCommandTests {
    @Test("magical-stories story book STORY --out FILE writes a PDF that opens; an unknown story gets a kind answer")
    func commandLine() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let member = try #require(anna.member)
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:a hedgehog who loves lanterns pages:3")
        let page1 = try await anna.next("page 1") { $0.message?.page?.pageNumber == 1 }
        let storyID = try #require(page1.message?.page?.storyId)
        let title = try #require(page1.message?.page?.title)
        try await waitUntilReady(app.app.stories, id: storyID, family: FamilyRef(platform: .web, externalID: member.room))
        await anna.close()

        let environment = ["DATABASE_PATH": app.directory.appendingPathComponent("stories.sqlite").path, "PATH": "/usr/bin:/bin"]
        let out = app.directory.appendingPathComponent("book.pdf")
        let words = title.split(separator: " ").prefix(3).joined(separator: " ")
        let made = try await ServiceProcess.run(ServiceProcess.binary.path, ["story", "book", words, "--out", out.path],
                                                environment: environment, directory: app.directory)
        #expect(made.status == 0, "\(made.output)")
        #expect(made.output.contains(title) && made.output.contains("4 PDF pages"))
        let pdf = try PDFInspector(try Data(contentsOf: out))
        #expect(pdf.pageCount == 4 && pdf.imageCount == 3)

        let letter = app.directory.appendingPathComponent("letter.pdf")
        let byID = try await ServiceProcess.run(ServiceProcess.binary.path, ["story", "book", storyID, "--out", letter.path, "--paper", "letter"],
                                                environment: environment, directory: app.directory)
        #expect(byID.status == 0, "\(byID.output)")
        #expect(try PDFInspector(try Data(contentsOf: letter)).text.contains("612 792"))

        let epub = app.directory.appendingPathComponent("book.epub")
        let edition = try await ServiceProcess.run(ServiceProcess.binary.path, ["story", "book", storyID, "--out", epub.path],
                                                   environment: environment, directory: app.directory)
        #expect(edition.status == 0 && edition.output.contains("EPUB 3"), "\(edition.output)")
        let zipped = try Data(contentsOf: epub)
        // A ZIP whose first entry is the stored `mimetype`, as EPUB requires.
        #expect(zipped.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        #expect(String(decoding: zipped[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")

        let missing = try await ServiceProcess.run(ServiceProcess.binary.path, ["story", "book", "no such tale", "--out", out.path + ".x"],
                                                   environment: environment, directory: app.directory)
        #expect(missing.status == 1)
        #expect(missing.output.contains("No story matches “no such tale”"))
        #expect(!FileManager.default.fileExists(atPath: out.path + ".x"))
        let badPaper = try await ServiceProcess.run(ServiceProcess.binary.path, ["story", "book", storyID, "--out", out.path, "--paper", "A3"],
                                                    environment: environment, directory: app.directory)
        #expect(badPaper.status == 1 && badPaper.output.contains("--paper is one of"))
        await app.stop()
    }
}
