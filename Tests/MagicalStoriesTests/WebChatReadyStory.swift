import MagicalStories
import Operations
import StoryDomain
import Testing
import WebChat

/// A web chat member of room "family" whose 3-page story is finished (every picture painted), for
/// tests of what a family does with a story afterwards (books, read-aloud…).
struct WebChatReadyStory {
    let client: ChatTestClient
    let member: TestMember
    let storyID: String

    static func make(_ app: TestApp, name: String = "Anna") async throws -> WebChatReadyStory {
        let client = try await ChatTestClient.join(app, room: "family", name: name)
        let member = try #require(client.member)
        _ = try await client.next("history") { $0.type == "history" }
        try await client.say("/story new theme:a snail's slow race pages:3")
        let page1 = try await client.next("page 1") { $0.message?.page?.pageNumber == 1 }
        let storyID = try #require(page1.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: storyID, family: FamilyRef(platform: .web, externalID: member.room))
        return WebChatReadyStory(client: client, member: member, storyID: storyID)
    }
}
