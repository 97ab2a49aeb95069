import Foundation
import MagicalStories
import StoryDomain
import Testing
import WebChat

@Suite("Web chat: collections, settings and premium", .serialized)
struct WebChatFamilyProductTests {
    @Test("/collection works in the web chat once the room has premium (granted as the CLI does); admin commands stay on Discord")
    func collectionsInTheWebChat() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.connect(port: app.port, room: "family", user: "anna", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }

        try await anna.say("/collection new goal:patience name:Mia stories:3")
        let upsell = try await anna.next("premium refusal") { $0.message?.isPrivate == true }
        #expect(upsell.message?.text?.contains("part of premium") == true)
        try await anna.say("/premium grant")
        let refusal = try await anna.next("admin refusal") { $0.message?.text?.contains("on Discord or from the command line") == true }
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
        if let imageURL = page1.message?.page?.imageUrl {
            let (status, _, _) = try await app.get(imageURL)
            #expect(status == 404, "the collection's pictures are gone too")
        }

        try await anna.say("/settings set illustrations:text")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("emoji text art") == true }
        try await anna.say("/story new theme:owls pages:3")
        let textArt = try await anna.next("a text-art page") { $0.message?.page?.footer == "page 1 of 3" }
        #expect(textArt.message?.page?.imageUrl == nil)
        #expect(textArt.message?.page?.text.contains("🦉") == true || textArt.message?.page?.text.contains("✨") == true
                || textArt.message?.page?.text.contains("☀️") == true)
        await anna.close()
        await app.stop()
    }
}
