import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// The vote on what happens next where the platform has native polls (Discord): asked as a poll
/// of its own when the bot may post one (else with buttons, as before), its votes counted from
/// the platform's events once per member, and its poll ended when the vote closes.
@Suite("Votes as native polls: the poll asked once, votes from events counted once, ended on closing")
struct PollVoteRouterTests {
    let services = FamilyServices()
    let votes = InMemoryChapterVoteStore()
    let ended = Recorder<ChapterVote>()
    let router: CommandRouter
    static let family = FamilyRef(platform: "discord", externalID: "300")
    static let anna = Requester(userID: "anna", displayName: "Anna")
    static let ben = Requester(userID: "ben", displayName: "Ben")

    init() {
        var stories = services.stories
        let ended = ended
        stories.votes = ChapterVoting(store: votes, clock: services.clock, closed: { ended.append($0) })
        let routed = CommandRouter.Services(stories: stories, collections: services.collections, policy: services.policy,
                                            admins: [], familyData: services.store, platforms: RouterHarness.platforms)
        router = CommandRouter(services: routed, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func context(_ user: Requester, isManager: Bool = false) -> ChatContext {
        ChatContext(family: Self.family, channelID: "200", user: user, isManager: isManager)
    }

    func readyStory(_ id: String) async throws -> Story {
        try await services.readyStory(id, family: Self.family, requester: Self.anna)
    }

    func lastPage(of story: Story, as user: Requester, poll: PollingResponder.Poll) async -> PollingResponder {
        let responder = PollingResponder(poll: poll)
        await router.handle(.button(id: ComponentID.page(story.id, 3).encoded), context: context(user), responder: responder)
        return responder
    }

    func ballot(_ user: Requester, _ choice: Int, added: Bool = true, messageID: String = "poll-1",
                family: FamilyRef = family) async {
        await router.countPollBallot(PollBallot(family: family, messageID: messageID, member: user.userID, choice: choice, added: added))
    }

    @Test("with Send Polls: the poll is its own message, the reply keeps only the grown-ups' close; events count once per member")
    func pollAsked() async throws {
        let story = try await readyStory("polled")
        let first = await lastPage(of: story, as: Self.anna, poll: .posted("poll-1"))
        let vote = try #require(first.asked.all.only)
        #expect(vote.choices.count == 3)
        let note = try #require(first.recorded.replies.first { $0.text?.contains(NextChoice.question) == true })
        #expect(note.text?.contains("Vote in the poll") == true)
        #expect(note.buttons.flatMap { $0 }.map(\.id) == [ComponentID.closeVote(vote.id).encoded], "no ballot buttons beside a poll")
        let stored = try #require(try await votes.vote(vote.id))
        #expect(stored.messageID == "poll-1" && stored.isPoll)

        let second = await lastPage(of: story, as: Self.ben, poll: .posted("poll-2"))
        #expect(second.asked.all.isEmpty, "asked once")

        await ballot(Self.anna, 0)
        await ballot(Self.anna, 0)
        await ballot(Self.ben, 1)
        // Ben changes his mind: Discord removes the old answer and adds the new one, in either order.
        await ballot(Self.ben, 2)
        await ballot(Self.ben, 1, added: false)
        #expect(try await votes.vote(vote.id)?.counts == [1, 0, 1], "each member once; a removed vote removed")
        await ballot(Self.anna, 0, added: false)
        await ballot(Self.anna, 1, messageID: "some-other-poll")
        await ballot(Self.anna, 1, family: FamilyRef(platform: "discord", externalID: "999"))
        await ballot(Self.anna, 7)
        #expect(try await votes.vote(vote.id)?.counts == [0, 0, 1], "other polls, other servers and unknown answers change nothing")

        let closed = PollingResponder(poll: .notAllowed)
        await router.handle(.button(id: ComponentID.closeVote(vote.id).encoded), context: context(Self.anna, isManager: true), responder: closed)
        #expect(closed.recorded.updates.only?.text?.contains("The vote is closed") == true)
        let endedPoll = try #require(ended.all.only)
        #expect(endedPoll.isPoll && endedPoll.messageID == "poll-1" && endedPoll.winner == 2, "the poll is ended with End Poll")
        await ballot(Self.anna, 0)
        #expect(try await votes.vote(vote.id)?.counts == [0, 0, 1], "a closed vote takes no more votes")
    }

    @Test("a poll the platform ended (its hours ran out) closes the vote with the ballots counted once, without End Poll")
    func pollEndedByThePlatform() async throws {
        let story = try await readyStory("expiring")
        let vote = try #require(await lastPage(of: story, as: Self.anna, poll: .posted("poll-1")).asked.all.only)
        await ballot(Self.anna, 1)
        await ballot(Self.ben, 1)
        await ballot(Self.ben, 1)
        await router.pollEnded(PollEnd(family: FamilyRef(platform: "discord", externalID: "999"), messageID: "poll-1"))
        await router.pollEnded(PollEnd(family: Self.family, messageID: "some-other-poll"))
        #expect(try await votes.vote(vote.id)?.closedAt == nil, "another server's or another poll's end changes nothing")

        // Discord reports it twice (the poll's final results, then its results message).
        await router.pollEnded(PollEnd(family: Self.family, messageID: "poll-1", counts: [0, 2, 0]))
        await router.pollEnded(PollEnd(family: Self.family, messageID: "poll-1"))
        let closed = try #require(try await votes.vote(vote.id))
        #expect(closed.closedAt != nil && closed.winner == 1 && closed.counts == [0, 2, 0])
        #expect(ended.all.isEmpty, "the platform ended the poll: no End Poll")
        await ballot(Self.anna, 0)
        #expect(try await votes.vote(vote.id)?.counts == [0, 2, 0])
    }

    @Test("without Send Polls (or when the poll is refused) the vote is asked with buttons, as before")
    func buttonsWithoutPermission() async throws {
        for (index, poll) in [PollingResponder.Poll.notAllowed, .refused].enumerated() {
            let story = try await readyStory("buttons\(index)")
            let responder = await lastPage(of: story, as: Self.anna, poll: poll)
            let asked = try #require(responder.recorded.replies.first { $0.text?.contains(NextChoice.question) == true })
            let ballots = asked.buttons.flatMap { $0 }.filter { $0.id.hasPrefix("ms:v:") }
            #expect(ballots.count == 3)
            let vote = try #require(try await votes.openVote(series: story.id, family: Self.family))
            #expect(!vote.isPoll && vote.messageID != nil)
            _ = try await ChapterVoting(store: votes, clock: services.clock).close(vote)
        }
        #expect(ended.all.isEmpty)
    }
}

/// A Discord-like responder: records the router's answers, and posts the vote as a poll, or
/// cannot (no Send Polls permission), or is refused.
final class PollingResponder: NativePollResponder {
    enum Poll: Sendable {
        case posted(String)
        case notAllowed
        case refused
    }

    let recorded = RecordingResponder()
    let asked = Recorder<ChapterVote>()
    private let poll: Poll

    init(poll: Poll) {
        self.poll = poll
    }

    var deliveryAddress: DeliveryAddress { recorded.deliveryAddress }
    func acknowledge(privately: Bool) async throws { try await recorded.acknowledge(privately: privately) }
    func reply(_ reply: ChatReply) async throws { try await recorded.reply(reply) }
    func update(_ reply: ChatReply) async throws { try await recorded.update(reply) }

    func askPoll(_ vote: ChapterVote, now: Date) async throws -> String? {
        switch poll {
        case let .posted(id):
            asked.append(vote)
            return id
        case .notAllowed:
            return nil
        case .refused:
            throw TestDoubleError.scripted("403 Missing Permissions")
        }
    }
}
