import Logging
import StoryDomain

/// Shows story progress and finished stories on the platform each story was asked on,
/// editing the one message the request created.
public struct StoryDeliveryListener: StoryProgressListener {
    private let transports: [String: any ChatTransport]
    private let stories: StoryService
    private let renderer = ReplyRenderer()
    private let logger: Logger

    public init(transports: [any ChatTransport], stories: StoryService, logger: Logger) {
        self.transports = Dictionary(transports.map { ($0.platform, $0) }, uniquingKeysWith: { first, _ in first })
        self.stories = stories
        self.logger = logger
    }

    public func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws {
        guard let transport = transports[delivery.platform] else {
            logger.warning("no transport for platform", metadata: ["platform": "\(delivery.platform)", "story": "\(story.id)"])
            return
        }
        let reply: ChatReply
        if progress == .ready, let snapshot = try await stories.page(story.id, number: 1, family: story.family) {
            reply = renderer.page(snapshot)
        } else {
            reply = renderer.progress(progress, story: story)
        }
        let isFinal: Bool = switch progress {
        case .ready, .failed: true
        case .writing, .painting: false
        }
        try await transport.deliver(reply, to: delivery, isFinal: isFinal)
        if progress == .ready {
            logger.info("story delivered", metadata: ["story": "\(story.id)", "to": "\(delivery)"])
        } else if case let .failed(reason) = progress {
            logger.warning("story failed", metadata: ["story": "\(story.id)", "reason": "\(reason.rawValue)"])
        }
    }
}
