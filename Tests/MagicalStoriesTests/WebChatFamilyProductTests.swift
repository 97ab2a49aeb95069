import Foundation
import MagicalStories
import Operations
import StoryBot
import StoryDomain
import StoryStore
import Testing
import WebChat

@Suite("Web chat: collections, settings and premium", .serialized)
struct WebChatFamilyProductTests {
    @Test("/collection works in the web chat once the room has premium (granted as the CLI does); a grown-up who is neither an admin nor the owner cannot grant it")
    func collectionsInTheWebChat() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }

        try await anna.say("/collection new goal:patience name:Mia stories:3")
        let upsell = try await anna.next("premium refusal") { $0.message?.isPrivate == true }
        #expect(upsell.message?.text?.contains("part of premium") == true)
        try await anna.say("/premium grant")
        let refused = FriendlyErrors.text(for: CommandAccessError.notBotAdmin)
        let refusal = try await anna.next("admin refusal") { $0.message?.text == refused }
        #expect(refusal.message?.isPrivate == true)

        try await app.app.entitlements.grant(.family(FamilyRef(platform: "web", externalID: "family")), by: "cli:test", days: nil, reason: nil)
        try await anna.say("/collection new goal:patience name:Mia stories:3")
        let page1 = try await anna.next("page 1 of the collection's first story") {
            $0.message?.page?.footer == "page 1 of 5 · story 1 of 3 in a Growth Collection"
        }
        #expect(page1.message?.page?.text.contains("Mia") == true)
        try await anna.say("/collection list")
        let list = try await anna.next("list") { $0.message?.text?.contains("Growth Collections") == true }
        #expect(list.message?.text?.contains("░░░ 0/3") == true)

        // Deleting the collection asks first, then removes its stories, pictures and progress.
        let family = FamilyRef(platform: "web", externalID: "family")
        let firstStory = try #require(try await app.app.collections.collections(of: family).first?.entries.first?.storyID)
        try await anna.say("/collection delete patience")
        let confirm = try await anna.next("confirmation") { $0.message?.isPrivate == true && $0.message?.text?.contains("Delete the collection") == true }
        let deleteButton = try #require(confirm.message?.buttons.first?.first)
        try await anna.press(deleteButton.id, on: try #require(confirm.message?.id))
        _ = try await anna.next("deleted") { $0.message?.text?.contains("and its stories were deleted") == true }
        #expect(try await app.app.collections.collections(of: family).isEmpty)
        #expect(try await app.app.stories.story(firstStory, family: family) == nil)
        let imageURL = try #require(page1.message?.page?.imageUrl, "page 1 is shown with its picture")
        let (status, _, _) = try await app.get(imageURL, as: anna.member)
        #expect(status == 404, "the collection's pictures are gone too")

        try await anna.say("/settings set illustrations:text")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("drawn as text art") == true }
        try await anna.say("/story new theme:owls pages:3")
        let textArt = try await anna.next("a text-art page") { $0.message?.page?.footer == "page 1 of 3" }
        #expect(textArt.message?.page?.imageUrl == nil)
        // The page's own picture, drawn as a Braille line drawing (shown in a monospace block): never
        // the shade blocks that blur into a grey blob on a phone.
        let artURL = try #require(textArt.message?.page?.textArtUrl)
        let (artStatus, artBody, artHeaders) = try await app.get(artURL, as: anna.member)
        #expect(artStatus == 200 && artHeaders["content-type"]?.hasPrefix("text/plain") == true)
        let lines = String(decoding: artBody, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 20 && lines.allSatisfy { $0.count == 60 })
        let used = Set(lines.joined().unicodeScalars)
        #expect(used.allSatisfy { (0x2800...0x28FF).contains($0.value) } && used.count >= 8, "\(used)")
        #expect(try await app.get(artURL, as: nil).0 == 401, "pictures are for the room's members")
        await anna.close()
        await app.stop()
    }

    static let family = FamilyRef(platform: "web", externalID: "family")

    /// Presses "last page" of the story on the message showing it, once every picture is painted.
    static func readToTheEnd(_ app: TestApp, _ client: ChatTestClient, page: TestFrame) async throws {
        let view = try #require(page.message?.page)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: family)
        try await client.press("ms:p:\(view.storyId):\(view.pageCount)", on: try #require(page.message?.id))
    }

    @Test("a continuation the family's rules refuse is refused privately, with no public “on its way”; allowed again, show makes it")
    func refusedContinuation() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await app.app.entitlements.grant(.family(Self.family), by: "cli:test", days: nil, reason: nil)
        // Story 2 of a patience collection is about a cake; the family keeps cakes out of stories.
        try await anna.say("/settings set avoid:cakes")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("Saved") == true }
        try await anna.say("/collection new goal:patience name:Mia stories:3")
        let page1 = try await anna.next("story 1") { $0.message?.page?.footer == "page 1 of 5 · story 1 of 3 in a Growth Collection" }
        try await Self.readToTheEnd(app, anna, page: page1)
        let news = try await anna.next("read announcement") { $0.message?.text?.contains("▓░░ 1/3") == true }
        #expect(news.message?.text?.contains("comes next") == true, "story 2 was not made in the background")
        #expect(try await app.app.collections.collections(of: Self.family).first?.entries[1].storyID == nil)

        try await anna.say("/collection show patience")
        let refusal = try await anna.next("private refusal") { $0.message?.isPrivate == true && $0.message?.fromBot == true }
        #expect(refusal.message?.text?.contains("parental controls keep out") == true)
        let publicOnItsWay = await anna.all().compactMap(\.message).filter {
            !$0.isPrivate && $0.text?.contains("Story 2") == true && $0.text?.contains("is on its way") == true
        }
        #expect(publicOnItsWay.isEmpty, "nothing was posted for everyone before the refusal")
        #expect(try await app.app.collections.collections(of: Self.family).first?.entries[1].storyID == nil)

        try await anna.say("/settings set avoid:none")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("Saved") == true }
        try await anna.say("/collection show patience")
        let onItsWay = try await anna.next("on its way") { $0.message?.isPrivate == false && $0.message?.text?.contains("Story 2") == true }
        #expect(onItsWay.message?.text?.contains("is on its way") == true)
        _ = try await anna.next("story 2") { $0.message?.page?.footer == "page 1 of 5 · story 2 of 3 in a Growth Collection" }
        await anna.close()
        await app.stop()
    }

    @Test("/settings forget asks first, then deletes the room's stories, pictures, collections, progress, settings and chat; premium stays")
    func forgetTheRoom() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let carl = try await ChatTestClient.join(app, room: "cousins", name: "Carl")
        _ = try await anna.next("history") { $0.type == "history" }
        _ = try await carl.next("history") { $0.type == "history" }
        try await app.app.entitlements.grant(.family(Self.family), by: "cli:test", days: nil, reason: "family plan")

        try await anna.say("/story new theme:owls pages:3")
        let story = try await anna.next("a story") { $0.message?.page?.footer == "page 1 of 3" }
        try await Self.readToTheEnd(app, anna, page: story)
        _ = try await anna.next("first story read") { $0.message?.text?.contains("First story read together") == true }
        try await anna.say("/collection new goal:sharing name:Mia stories:3")
        _ = try await anna.next("a collection") { $0.message?.page?.footer == "page 1 of 5 · story 1 of 3 in a Growth Collection" }
        try await anna.say("/settings set max_pages:4 avoid:thunder")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("Saved") == true }
        try await carl.say("/story new theme:cats pages:3")
        _ = try await carl.next("the cousins' story") { $0.message?.page?.footer == "page 1 of 3" }

        // Asked first, privately; keeping changes nothing.
        try await anna.say("/settings forget")
        let ask = try await anna.next("confirmation") { $0.message?.isPrivate == true && $0.message?.text?.contains("Delete **everything**") == true }
        let buttons = try #require(ask.message?.buttons.first)
        #expect(buttons.map(\.label) == ["Delete everything", "Keep it"])
        try await anna.press(buttons[1].id, on: try #require(ask.message?.id))
        _ = try await anna.next("kept") { $0.message?.text?.contains("nothing was deleted") == true }
        #expect(try await app.app.stories.library(of: Self.family, offset: 0, limit: 10).total == 2)

        try await anna.say("/settings forget")
        let again = try await anna.next("confirmation") { $0.message?.isPrivate == true && $0.message?.text?.contains("Delete **everything**") == true }
        try await anna.press(try #require(again.message?.buttons.first?.first?.id), on: try #require(again.message?.id))
        let done = try await anna.next("done") { $0.message?.text?.contains("🧹 Done") == true }
        #expect(done.message?.isPrivate == true)
        #expect(done.message?.text?.contains("2 stories") == true && done.message?.text?.contains("1 collection") == true)

        #expect(try await app.app.stories.library(of: Self.family, offset: 0, limit: 10).total == 0)
        #expect(try await app.app.collections.collections(of: Self.family).isEmpty)
        let settings = SQLiteFamilySettingsStore(database: app.app.database!, clock: SystemWallClock())
        #expect(try await settings.settings(for: Self.family) == FamilySettings())
        let (status, _, _) = try await app.get(try #require(story.message?.page?.imageUrl), as: anna.member)
        #expect(status == 404, "the pictures are gone")
        let newcomer = try await ChatTestClient.join(app, room: "family", name: "Dora")
        let history = try await newcomer.next("history") { $0.type == "history" }
        #expect(history.messages?.isEmpty == true, "the room's chat history is gone")
        // Admin records stay: the room is still premium, and the grant is in the audit log.
        #expect(try await app.app.entitlements.plan(for: anna.userID, in: Self.family).isPremium)
        #expect(try await app.app.entitlements.auditLog().map(\.action) == [.grant])
        // The cousins' room is untouched.
        let cousins = FamilyRef(platform: "web", externalID: "cousins")
        #expect(try await app.app.stories.library(of: cousins, offset: 0, limit: 10).total == 1)
        let cousin = try await ChatTestClient.join(app, room: "cousins", name: "Eve")
        #expect(try await cousin.next("history") { $0.type == "history" }.messages?.isEmpty == false)
        for client in [anna, carl, newcomer, cousin] { await client.close() }
        await app.stop()
    }
}
