import Logging
import StoryDomain

/// Shows story progress and finished stories on the platform each story was asked on,
/// editing the one message the request created. A story whose page 1 is its last page asks the
/// family's vote on what happens next once it is shown (nobody turns to its last page).
public struct StoryDeliveryListener: StoryProgressListener {
    private let transports: [Platform: any ChatTransport]
    private let stories: StoryService
    private let renderer = ReplyRenderer()
    private let logger: Logger
    /// Asks the vote after a one-page story (nil: no votes).
    private let votes: ChapterVoteAsker?

    public init(transports: [any ChatTransport], stories: StoryService, votes: ChapterVoteAsker? = nil, logger: Logger) {
        self.transports = transportsByPlatform(transports)
        self.stories = stories
        self.votes = votes
        self.logger = logger
    }

    public func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome {
        // Made ahead of time (a collection's next story): nobody is waiting on a message.
        if delivery.platform == DeliveryAddress.background.platform { return .skipped }
        guard let transport = transports[delivery.platform] else {
            logger.warning("no transport for platform", metadata: ["platform": "\(delivery.platform)", "story": "\(story.id)"])
            return .skipped
        }
        let reply: ChatReply
        let isFinal: Bool
        var shown = story
        switch progress {
        case .firstPage:
            guard let snapshot = try await stories.page(story.id, number: 1, family: story.family) else { return .skipped }
            reply = renderer.page(snapshot)
            shown = snapshot.story
            isFinal = true
        case .ready:
            // Page 1 is already shown and readers may have turned on: nothing to edit.
            return .skipped
        case .failed:
            reply = renderer.progress(progress, story: story)
            isFinal = true
        case .writing, .painting:
            reply = renderer.progress(progress, story: story)
            isFinal = false
        }
        let outcome = try await transport.deliver(reply, to: delivery, isFinal: isFinal)
        if case let .failed(reason) = progress {
            logger.warning("story failed", metadata: ["story": "\(story.id)", "reason": "\(reason.rawValue)"])
        }
        guard progress == .firstPage else { return outcome }
        switch outcome {
        case let .shown(moved):
            // Logged only once the platform accepted a message that carries the story.
            logger.info("story delivered", metadata: ["story": "\(story.id)", "to": "\(moved ?? delivery)"])
            await votes?.askAfterDelivery(of: shown, at: moved ?? delivery, via: transport)
        case let .refused(reason):
            logger.error("the platform refused the story in every form; the family was told", metadata: ["story": "\(story.id)", "reason": "\(reason)"])
        case .skipped:
            break
        }
        return outcome
    }
}
