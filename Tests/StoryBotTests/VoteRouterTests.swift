import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// The family votes what happens next, through the one router: the vote asked once after a
/// chapter's last page, one ballot per member with counts shown in place, a grown-up's close,
/// and `/story continue` following the winner (and closing the vote).
@Suite("Votes on what happens next: asked after the last page, one vote each, the winner shapes the next chapter")
struct VoteRouterTests {
    let services = FamilyServices()
    let votes = InMemoryChapterVoteStore()
    let router: CommandRouter
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let anna = Requester(userID: "anna", displayName: "Anna")
    static let ben = Requester(userID: "ben", displayName: "Ben")

    init() {
        var stories = services.stories
        stories.votes = ChapterVoting(store: votes, clock: services.clock)
        let routed = CommandRouter.Services(stories: stories, collections: services.collections, policy: services.policy,
                                            admins: [], familyData: services.store, platforms: RouterHarness.platforms)
        router = CommandRouter(services: routed, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func context(_ user: Requester, isManager: Bool = false) -> ChatContext {
        ChatContext(family: Self.family, channelID: "family", user: user, isManager: isManager)
    }

    func press(_ component: ComponentID, as user: Requester, isManager: Bool = false) async -> RecordingResponder {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: "web", channelID: "family",
                                                                            messageID: "reply-\(UUID().uuidString.prefix(8))"))
        await router.handle(.button(id: component.encoded), context: context(user, isManager: isManager), responder: responder)
        return responder
    }

    func readyStory(_ id: String) async throws -> Story {
        try await services.readyStory(id, family: Self.family, requester: Self.anna)
    }

    /// The vote's id and its choices' ids, read from the buttons of a reply.
    static func ballotButtons(_ reply: ChatReply) -> (voteID: String, choices: [String])? {
        let ids = reply.buttons.flatMap { $0 }.map(\.id)
        var voteID: String?
        var choices: [String] = []
        for id in ids {
            if case let .vote(vote, _)? = ComponentID(encoded: id) { voteID = vote; choices.append(id) }
        }
        return voteID.map { ($0, choices) }
    }

    @Test("two members vote: asked once after the last page, counts update in place, a changed mind moves the vote; continue follows the winner and closes it")
    func twoMembers() async throws {
        let first = try await readyStory("first")
        let lastPage = await press(.page(first.id, 3), as: Self.anna)
        let asked = try #require(lastPage.replies.first { $0.text?.contains(NextChoice.question) == true })
        let (voteID, choiceIDs) = try #require(Self.ballotButtons(asked))
        #expect(choiceIDs.count == 3)
        #expect(asked.buttons.flatMap { $0 }.contains { $0.id == ComponentID.closeVote(voteID).encoded })

        let again = await press(.page(first.id, 3), as: Self.ben)
        #expect(!again.replies.contains { $0.text?.contains(NextChoice.question) == true }, "asked once")

        let annaVoted = await press(.vote(voteID, 0), as: Self.anna)
        let oneVote = try #require(annaVoted.updates.only)
        #expect(oneVote.buttons.first?.first?.label.hasSuffix("· 1") == true)
        #expect(oneVote.text?.contains("vote —") == false && oneVote.text?.contains("— 1 vote") == false, "the count is said once, on its button")
        _ = await press(.vote(voteID, 1), as: Self.ben)
        let benChanged = await press(.vote(voteID, 0), as: Self.ben)
        let counted = try #require(benChanged.updates.only)
        #expect(counted.text?.contains("— 2 votes") == false && counted.buttons.first?.first?.label.hasSuffix("· 2") == true)
        _ = await press(.vote(voteID, 0), as: Self.ben)
        let vote = try #require(try await votes.vote(voteID))
        #expect(vote.counts == [2, 0, 0], "each member counted once")

        let continued = RecordingResponder(deliveryAddress: DeliveryAddress(platform: "web", channelID: "family", messageID: "next"))
        await router.handle(.command(.storyContinue(story: "")), context: context(Self.anna), responder: continued)
        let chain = try await services.stories.chapters(of: first)
        let chapter = try #require(chain.first { $0.id != first.id }, "\(continued.replies.map { $0.text ?? "" })")
        let made = try #require(try await services.stories.story(chapter.id, family: Self.family))
        #expect(made.request.theme == vote.choices[0].theme, "the chapter follows the winner")
        #expect(made.request.chapter?.previousStoryID == first.id)
        let closed = try #require(try await votes.vote(voteID))
        #expect(closed.closedAt != nil && closed.winner == 0, "making the chapter closed the vote")

        let late = await press(.vote(voteID, 1), as: Self.anna)
        #expect(late.updates.only?.text?.contains("The vote is closed") == true && late.updates.only?.buttons.isEmpty == true)
        #expect(try await votes.vote(voteID)?.counts == [2, 0, 0])
    }

    @Test("only a grown-up closes a vote; the closed message names the winner, a tie kindly")
    func grownUpCloses() async throws {
        let story = try await readyStory("tied")
        let asked = try #require(await press(.page(story.id, 3), as: Self.anna).replies.first { $0.text?.contains(NextChoice.question) == true })
        let (voteID, _) = try #require(Self.ballotButtons(asked))
        _ = await press(.vote(voteID, 2), as: Self.anna)
        _ = await press(.vote(voteID, 1), as: Self.ben)
        let refused = await press(.closeVote(voteID), as: Self.ben)
        #expect(refused.replies.only?.isPrivate == true && refused.updates.isEmpty)
        #expect(refused.replies.only?.text?.contains("can close the vote") == true)
        #expect(try await votes.vote(voteID)?.closedAt == nil)
        let closed = try #require(await press(.closeVote(voteID), as: Self.anna, isManager: true).updates.only)
        #expect(closed.text?.contains("Both! First") == true && closed.buttons.isEmpty)
        #expect(try await votes.vote(voteID)?.winner == 1)
        let unknown = await press(.vote("nosuchvote", 0), as: Self.anna)
        #expect(unknown.replies.only?.text == FriendlyErrors.text(for: ChapterVoteError.notFound))
    }

    @Test("a model writer's screened choices are offered, unless the family's avoid-list has grown to hold one of them")
    func modelChoices() async throws {
        let choices = [NextChoice(text: "A picnic by the quiet pond", theme: "A picnic by the quiet pond"),
                       NextChoice(text: "A walk to find a lost bell", theme: "A walk to find a lost bell")]
        let story = try await services.readyStory("modelled", family: Self.family, requester: Self.anna, nextChoices: choices)
        let asked = try #require(await press(.page(story.id, 3), as: Self.anna).replies.first { $0.text?.contains(NextChoice.question) == true })
        let (voteID, _) = try #require(Self.ballotButtons(asked))
        #expect(try await votes.vote(voteID)?.choices == choices)

        try await services.store.save(FamilySettings(avoidList: ["bell"]), for: Self.family, by: Self.anna.userID)
        let other = try await services.readyStory("modelled2", family: Self.family, requester: Self.anna, nextChoices: choices)
        let again = try #require(await press(.page(other.id, 3), as: Self.anna).replies.first { $0.text?.contains(NextChoice.question) == true })
        let (otherID, _) = try #require(Self.ballotButtons(again))
        let offered = try #require(try await votes.vote(otherID)?.choices)
        #expect(offered != choices && offered.allSatisfy { $0.turn != nil }, "the built-in choices instead")
    }
}
