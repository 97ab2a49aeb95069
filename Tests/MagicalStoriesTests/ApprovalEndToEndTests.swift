import Foundation
import MagicalStories
import StoryDomain
import Testing
import WebChat

/// A grown-up says yes first, in the web chat end to end (real WebSockets on loopback, the
/// built-in writer and illustrator): the child sees nothing of the story until the grown-up's ✅.
@Suite("Approval end to end (web chat)", .serialized)
struct ApprovalEndToEndTests {
    @Test("approval:on: the child is told privately; only the grown-up gets the story with ✅ 🌙 🔄; ✅ puts page 1 in the room")
    func childSeesNothingUntilYes() async throws {
        let app = try await TestApp.start()
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let leo = try await ChatTestClient.join(app, room: "family", name: "Leo", role: .child)
        try await anna.say("/settings set approval:on")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("A grown-up says yes first: on") == true }

        try await leo.say("/story new theme:\"a sleepy dragon\" name:Leo age:5 pages:3")
        _ = try await leo.next("on its way, privately") { $0.message?.text?.contains("will have a look first") == true }
        let bubble = try await anna.next("the grown-up's bubble", timeout: .seconds(90)) {
            $0.message?.buttons.last?.first?.label == "✅ Share"
        }
        let message = try #require(bubble.message)
        #expect(message.page?.pageNumber == 1)
        let share = try #require(message.buttons.last?.first)

        try await anna.press(share.id, on: message.id)
        let shared = try await leo.next("page 1 in the room", timeout: .seconds(30)) { $0.message?.page != nil }
        #expect(shared.message?.page?.storyId == message.page?.storyId)
        let beforeYes = await leo.all().prefix { $0.message?.id != shared.message?.id }
        #expect(!beforeYes.contains { $0.message?.page != nil || $0.message?.id.hasPrefix("approval-") == true },
                "before the ✅ the child saw no page and no bubble")
        _ = try await anna.next("told it was shared") { $0.message?.text?.contains("Shared with the room") == true }

        await anna.close()
        await leo.close()
        await app.stop()
        app.removeFiles()
    }
}
