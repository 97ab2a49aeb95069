import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// The vote on what happens next where nobody turns to the last page: a one-page story's page 1
/// delivered (the pipeline's delivery, a bedtime post) asks it once per chain, with buttons or
/// as a native poll; a closed vote is shown on its message at once; a poll the platform ended
/// closes the vote without End Poll.
@Suite("Votes after a delivered one-page story, closed votes shown in place, polls ended by the platform")
struct DeliveredVoteTests {
    let services = FamilyServices()
    let votes = InMemoryChapterVoteStore()
    let ended = Recorder<ChapterVote>()
    let stories: StoryService
    static let family = FamilyRef(platform: "web", externalID: "family")
    static let anna = Requester(userID: "anna", displayName: "Anna")
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    init() {
        var stories = services.stories
        let ended = ended
        stories.votes = ChapterVoting(store: votes, clock: services.clock, closed: { ended.append($0) })
        self.stories = stories
    }

    var asker: ChapterVoteAsker {
        ChapterVoteAsker(stories: stories, policy: services.policy, bedtime: nil, logger: Self.logger)
    }

    func deliver(_ story: Story, through transport: any ChatTransport) async throws -> DeliveryOutcome {
        let listener = StoryDeliveryListener(transports: [transport], stories: stories, votes: asker, logger: Self.logger)
        return try await listener.story(story, didProgress: .firstPage,
                                        delivery: DeliveryAddress(platform: "web", channelID: "family", messageID: "story-msg"))
    }

    @Test("a one-page story's page 1 delivered asks the vote once, with buttons, as a message of its own in the story's room")
    func onePageStoryAsks() async throws {
        let transport = RecordingTransport()
        let story = try await services.readyStory("one", family: Self.family, requester: Self.anna, pages: 1)
        _ = try await deliver(story, through: transport)
        let delivered = transport.delivered.all
        #expect(delivered.count == 2)
        #expect(delivered.first?.address.messageID == "story-msg")
        let ask = try #require(delivered.last)
        #expect(ask.reply.text?.contains(NextChoice.question) == true && ask.reply.isPrivate == false)
        let ballots = ask.reply.buttons.flatMap { $0 }.compactMap { ComponentID(encoded: $0.id) }.filter {
            if case .vote = $0 { true } else { false }
        }
        #expect(ballots.count == 3)
        let vote = try #require(try await votes.latestVote(series: story.id, family: Self.family))
        #expect(ask.address.channelID == "family" && ask.address.messageID == vote.messageID && vote.isPoll == false)

        _ = try await deliver(story, through: transport)
        #expect(transport.delivered.all.count == 3, "a delivery retried shows the page again, never a second vote")
    }

    @Test("a story with more pages asks nothing on delivery (its last page is turned to)")
    func longerStoryWaitsForTheLastPage() async throws {
        let transport = RecordingTransport()
        let story = try await services.readyStory("three", family: Self.family, requester: Self.anna, pages: 3)
        _ = try await deliver(story, through: transport)
        #expect(transport.delivered.all.count == 1)
        #expect(try await votes.latestVote(series: story.id, family: Self.family) == nil)
    }

    @Test("where the transport can post polls the vote is a poll, with the grown-ups' close beside it; another asker's stray poll is ended")
    func pollTransport() async throws {
        let transport = PollingTransport(pollID: "poll-7")
        let story = try await services.readyStory("polled", family: Self.family, requester: Self.anna, pages: 1)
        await asker.askAfterDelivery(of: story, at: DeliveryAddress(platform: "web", channelID: "family"), via: transport)
        let vote = try #require(try await votes.latestVote(series: story.id, family: Self.family))
        #expect(vote.isPoll && vote.messageID == "poll-7")
        let close = try #require(transport.delivered.all.only)
        #expect(close.reply.buttons.flatMap { $0 }.map(\.id) == [ComponentID.closeVote(vote.id).encoded])

        await asker.askAfterDelivery(of: story, at: DeliveryAddress(platform: "web", channelID: "family"), via: transport)
        #expect(transport.polls.all.count == 1 && transport.delivered.all.count == 1, "asked once")
        #expect(ended.all.isEmpty)
    }

    @Test("a closed vote replaces the buttons on its message at once; a poll's vote is left to the platform")
    func closedVoteShownInPlace() async throws {
        let transport = RecordingTransport()
        let story = try await services.readyStory("closing", family: Self.family, requester: Self.anna, pages: 1)
        _ = try await deliver(story, through: transport)
        let vote = try #require(try await votes.latestVote(series: story.id, family: Self.family))
        _ = try await stories.votes?.cast(1, by: "anna", in: vote.id)
        let closed = try #require(try await stories.votes?.close(vote))

        let refresher = VoteMessageRefresher(transport: transport, logger: Self.logger)
        await refresher.closed(closed)
        let shown = try #require(transport.delivered.all.last)
        #expect(shown.address.messageID == vote.messageID && shown.address.channelID == "family")
        #expect(shown.reply.text?.contains("The vote is closed") == true && shown.reply.buttons.isEmpty)

        var poll = closed
        poll.isPoll = true
        let before = transport.delivered.all.count
        await refresher.closed(poll)
        await refresher.closed(vote)
        #expect(transport.delivered.all.count == before, "a poll, or a vote still open, is not touched")
    }
}

/// A transport that posts every vote as a poll named `pollID`.
final class PollingTransport: NativePollTransport {
    let platform: Platform = .web
    let pollID: String
    let delivered = Recorder<RecordingTransport.Delivery>()
    let polls = Recorder<ChapterVote>()

    init(pollID: String) { self.pollID = pollID }

    func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome {
        delivered.append(RecordingTransport.Delivery(reply: reply, address: address))
        return .shown(movedTo: nil)
    }

    func askPoll(_ vote: ChapterVote, at address: DeliveryAddress, now: Date) async throws -> String? {
        polls.append(vote)
        return pollID
    }
}
