import Foundation
import MagicalStories
import StoryDomain
import StoryTestSupport
import Testing
import WebChat

/// The family votes what happens next, over the web chat's real socket with the built-in
/// writer: two members of one room vote, both phones see the counts change in place, and
/// `/story continue` makes the chapter the winner chose.
@Suite("Web chat: two members vote what happens next", .serialized)
struct WebChatVoteTests {
    @Test("after the last page: one vote message for the room, counts live on both phones, a child cannot close it, the winner shapes chapter 2")
    func twoMembersVote() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let tom = try await ChatTestClient.join(app, room: "family", name: "Tom", role: .child)
        let family = FamilyRef(platform: .web, externalID: try #require(anna.member).room)
        _ = try await anna.next("history") { $0.type == "history" }
        _ = try await tom.next("history") { $0.type == "history" }

        try await anna.say("/story new theme:a sleepy dragon by the sea name:Mia pages:3")
        let first = try await anna.next("page 1") { $0.message?.page?.pageNumber == 1 }
        let storyID = try #require(first.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: storyID, family: family)

        try await tom.press("ms:p:\(storyID):3", on: try #require(first.message?.id))
        let question = try await tom.next("the vote") { $0.message?.text?.contains("What happens next?") == true }
        let asked = try #require(question.message)
        #expect(!asked.isPrivate)
        _ = try await anna.next("the vote on Anna's phone too") { $0.message?.id == asked.id }
        let ballots = asked.buttons.flatMap { $0 }.filter { $0.id.hasPrefix("ms:v:") }
        #expect(ballots.count == 3)
        let close = try #require(asked.buttons.flatMap { $0 }.first { $0.id.hasPrefix("ms:e:") })

        try await tom.press(ballots[1].id, on: asked.id)
        _ = try await anna.next("Tom's vote, seen by Anna") { $0.message?.id == asked.id && Self.count(of: 1, in: $0.message) == 1 }
        try await anna.press(ballots[1].id, on: asked.id)
        let counted = try await tom.next("two votes, seen by Tom") { $0.message?.id == asked.id && Self.count(of: 1, in: $0.message) == 2 }
        #expect(counted.message?.text?.contains("2 votes") == false, "the count is said once, on its button")

        try await tom.press(close.id, on: asked.id)
        let refused = try await tom.next("a child cannot close it") { $0.message?.isPrivate == true }
        #expect(refused.message?.id != asked.id)

        try await anna.say("/story continue")
        // Making the chapter closes the vote: the buttons on Tom's phone give way to the outcome, pushed.
        let pushed = try await tom.next("the vote closed, pushed") {
            $0.message?.id == asked.id && $0.message?.text?.contains("The vote is closed") == true
        }
        #expect(pushed.message?.buttons.isEmpty == true)
        let chapter = try await anna.next("chapter 2") { $0.message?.page?.footer == "page 1 of 3 · chapter 2" }
        let chapterID = try #require(chapter.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: chapterID, family: family)
        let made = try #require(try await app.app.stories.story(StoryID(rawValue: chapterID)!, family: family))
        let theme = String(ballots[1].label.split(separator: "·").first ?? "").trimmingCharacters(in: .whitespaces)
        #expect(theme.lowercased().hasSuffix(made.request.theme.lowercased()), "the winner: \(theme) → \(made.request.theme)")

        await anna.close()
        await tom.close()
        await app.stop()
    }

    @Test("a one-page story delivered (nobody turns to its last page): the vote is asked once, in the room, with buttons")
    func onePageStory() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let member = try #require(anna.member)
        let family = FamilyRef(platform: .web, externalID: member.room)
        _ = try await anna.next("history") { $0.type == "history" }
        let story = StoryFixtures.story("onepage", request: StoryFixtures.request(pages: 1), family: family,
                                        requester: Requester(userID: member.userID, displayName: "Anna"), createdAt: Date())
        _ = try await app.app.stories.enqueue(story, delivery: DeliveryAddress(platform: .web, channelID: member.room, messageID: "onepage-msg"))
        let page = try await anna.next("page 1") { $0.message?.page?.storyId == story.id.rawValue }
        #expect(page.message?.page?.footer == "page 1 of 1")
        let question = try await anna.next("the vote") { $0.message?.text?.contains("What happens next?") == true }
        let asked = try #require(question.message)
        #expect(!asked.isPrivate && asked.buttons.flatMap { $0 }.filter { $0.id.hasPrefix("ms:v:") }.count == 3)
        let vote = try #require(try await app.app.stories.votes?.openVote(series: story.id, family: family))
        #expect(vote.messageID == asked.id, "the vote's message is the one in the room")

        let ballot = try #require(asked.buttons.first?.first)
        try await anna.press(ballot.id, on: asked.id)
        _ = try await anna.next("Anna's vote counted in place") { $0.message?.id == asked.id && Self.count(of: 0, in: $0.message) == 1 }
        await anna.close()
        await app.stop()
    }

    /// The count on the button of choice `index`, nil when there is none.
    static func count(of index: Int, in message: WebChatMessage?) -> Int? {
        let ballots = message?.buttons.flatMap { $0 }.filter { $0.id.hasPrefix("ms:v:") } ?? []
        guard ballots.indices.contains(index) else { return nil }
        return ballots[index].label.split(separator: "·").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
