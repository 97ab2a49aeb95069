import Foundation
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import StoryProviders
import Testing
import WebChat

@Suite("Web chat end to end (real WebSocket on loopback)", .serialized)
struct WebChatEndToEndTests {
    @Test("a story asked for in the web chat reaches everyone in the room; anyone can turn pages")
    func storyFlow() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        let outsider = try await ChatTestClient.join(app, room: "neighbours", name: "Zed")
        _ = try await anna.next("welcome") { $0.type == "welcome" && $0.userId == anna.userID }
        _ = try await ben.next("history") { $0.type == "history" }

        try await anna.say(#"/story new theme:"a sleepy dragon" name:Mia age:5"#)
        // Everyone in the room sees the command, then the acknowledgement, then progress, then page 1.
        _ = try await ben.next("Anna's command") { $0.message?.author == "Anna" && $0.message?.text?.contains("/story new") == true }
        let ack = try await ben.next("acknowledgement") { $0.message?.fromBot == true && $0.message?.text?.contains("on its way") == true }
        let ackID = try #require(ack.message?.id)
        let page1 = try await ben.next("page 1") { $0.message?.id == ackID && $0.message?.page != nil }
        let view = try #require(page1.message?.page)
        #expect(view.pageNumber == 1 && view.pageCount == 5)
        #expect(view.text.contains("Mia"))
        #expect(view.footer == "page 1 of 5")
        #expect(page1.message?.buttons.first?.map(\.label) == ["⏮", "◀", "▶"])
        _ = try await anna.next("page 1 for Anna too") { $0.message?.id == ackID && $0.message?.page != nil }

        // Progress was shown by editing the same message.
        let progress = await ben.all().compactMap(\.message).filter { $0.id == ackID }.compactMap(\.text)
        #expect(progress.contains { $0.contains("Writing") })
        #expect(progress.contains { $0.contains("Painting page") })

        // The picture is served from SQLite as a PNG of the right size, cacheable.
        let imageURL = try #require(view.imageUrl)
        let (status, body, headers) = try await app.get(imageURL, as: ben.member)
        #expect(status == 200)
        #expect(headers["content-type"] == "image/png")
        let info = try #require(PNGInspector.inspect(body))
        #expect(info.width == 768 && info.height == 512)
        #expect(headers["cache-control"]?.contains("immutable") == true)
        let (notModified, _, _) = try await app.get(imageURL, as: ben.member, headers: ["If-None-Match": headers["etag"] ?? ""])
        #expect(notModified == 304)

        // Ben turns the page: the shared message becomes page 2 for everyone.
        let next = try #require(page1.message?.buttons.first?[2])
        try await waitUntilReady(app.app.stories, id: view.storyId, family: FamilyRef(platform: "web", externalID: "family"))
        try await ben.press(next.id, on: ackID)
        let page2 = try await anna.next("page 2") { $0.message?.id == ackID && $0.message?.page?.pageNumber == 2 }
        #expect(page2.message?.page?.imageUrl != nil)
        #expect(page2.message?.page?.imageUrl != view.imageUrl)

        // The other room saw nothing of it.
        try await outsider.roundTrip()
        #expect(await outsider.all().allSatisfy { $0.message == nil })

        // A late joiner gets the conversation from history, with the page as it is now.
        let late = try await ChatTestClient.join(app, room: "family", name: "Gran")
        let history = try await late.next("history") { $0.type == "history" }
        let shared = try #require(history.messages?.first { $0.id == ackID })
        #expect(shared.page?.pageNumber == 2)

        for client in [anna, ben, outsider, late] { await client.close() }
        await app.stop()
    }

    @Test("mistakes get a private, kind answer; the connection keeps working")
    func badInput() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await anna.next("history") { $0.type == "history" }

        try await anna.sendRaw("this is not json {{{")
        _ = try await anna.next("notice for garbage") { $0.type == "notice" }
        try await anna.sendRaw(#"{"type":"launch-rockets"}"#)
        _ = try await anna.next("notice for unknown frame") { $0.type == "notice" }

        try await anna.say("/dance")
        let unknown = try await anna.next("unknown command answer") { $0.message?.isPrivate == true }
        #expect(unknown.message?.text?.contains("/help") == true)

        try await anna.say(#"/story new theme:"a sleepy dragon"#)
        let quote = try await anna.next("unbalanced quote answer") { $0.message?.isPrivate == true }
        #expect(quote.message?.text?.contains("quote") == true)

        try await anna.say("/story new theme:owls pages:12")
        let plan = try await anna.next("plan limit answer") { $0.message?.isPrivate == true }
        #expect(plan.message?.text?.contains("up to 5 pages") == true)

        try await anna.say("/story new theme:owls language:fr")
        let language = try await anna.next("language answer") { $0.message?.isPrivate == true }
        #expect(language.message?.text?.contains("English") == true)

        try await anna.press("not-a-button-of-ours", on: "nothing")
        let foreign = try await anna.next("foreign button answer") { $0.message?.isPrivate == true }
        #expect(foreign.message?.text?.contains("isn't one of mine") == true)

        try await anna.say(String(repeating: "x", count: 2_500))
        _ = try await anna.next("too long notice") { $0.type == "notice" && $0.text?.contains("too long") == true }

        // Private answers never reached Ben.
        try await ben.roundTrip()
        #expect(await ben.all().compactMap(\.message).allSatisfy { !$0.isPrivate })

        // Still connected and working.
        try await anna.say("/help")
        let help = try await anna.next("help") { $0.message?.text?.contains("Magical Stories") == true }
        #expect(help.message?.isPrivate == true)
        await anna.close()
        await ben.close()
        await app.stop()
    }

    @Test("the library lists stories and deleting one asks first")
    func libraryAndDelete() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:the moon 🌙 who lost her glasses name:Léa age:3 pages:3")
        let page = try await anna.next("page 1") { $0.message?.page != nil }
        let title = try #require(page.message?.page?.title)

        try await anna.say("/story library")
        let library = try await anna.next("library") { $0.message?.text?.contains("Your family's stories") == true }
        #expect(library.message?.text?.contains(title) == true)

        try await anna.say("/story read \(title)")
        let reread = try await anna.next("re-read page 1") { $0.message?.page?.pageNumber == 1 && $0.message?.id != page.message?.id }
        #expect(reread.message?.page?.title == title)

        try await anna.say("/story delete story:\(title)")
        let confirm = try await anna.next("confirmation") { $0.message?.isPrivate == true && $0.message?.text?.contains("Delete") == true }
        let deleteButton = try #require(confirm.message?.buttons.first?.first)
        try await anna.press(deleteButton.id, on: try #require(confirm.message?.id))
        _ = try await anna.next("deleted") { $0.message?.text?.contains("was deleted") == true }

        try await anna.say("/story read \(title)")
        let gone = try await anna.next("not found") { $0.message?.text?.contains("couldn't find") == true }
        #expect(gone.message?.isPrivate == true)
        if let imageURL = page.message?.page?.imageUrl {
            await #expect(throws: Never.self) {
                let (status, _, _) = try await app.get(imageURL, as: anna.member)
                #expect(status == 404)
            }
        }
        await anna.close()
        await app.stop()
    }

    @Test("a story over the built-in stories' cap is refused kindly and privately, saying when on the family's clock")
    func dailyQuota() async throws {
        let app = try await TestApp.start { $0.storiesPerDay = 1; $0.builtinStoriesPerDay = 1 }
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:owls pages:3")
        _ = try await anna.next("page 1") { $0.message?.page != nil }
        try await anna.say("/story new theme:foxes pages:3")
        let refusal = try await anna.next("quota refusal") { $0.message?.isPrivate == true }
        let text = try #require(refusal.message?.text)
        #expect(text.contains("built-in storyteller") && text.contains("at 00:00 (in ") && !text.contains("UTC"), "\(text)")
        // Someone else in the family still has their own story for today.
        let ben = try await ChatTestClient.join(app, room: "family", name: "Ben")
        _ = try await ben.next("history") { $0.type == "history" }
        try await ben.say("/story new theme:foxes pages:3")
        _ = try await ben.next("Ben's acknowledgement") { $0.message?.text?.contains("on its way") == true && $0.message?.isPrivate == false }
        await anna.close()
        await ben.close()
        await app.stop()
    }
}
