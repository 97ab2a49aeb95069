import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// A responder that records what the router said, in order. Acknowledging twice is a bug (a
/// platform refuses the second): it records an issue.
final class RecordingResponder: ChatResponder {
    enum Event: Sendable, Equatable {
        case acknowledged(privately: Bool)
        case replied(ChatReply)
        case updated(ChatReply)
    }

    let deliveryAddress: DeliveryAddress
    let updatedMessageAddress: DeliveryAddress?
    let events = Recorder<Event>()
    /// The stories the router said were deleted, in order.
    let deletedStories = Recorder<[StoryID]>()
    private let acknowledgementFails: Bool

    /// Where a Discord interaction's story goes: its original response, in channel 200.
    static func discordDelivery(requestID: String? = nil) -> DeliveryAddress {
        DeliveryAddress(platform: "discord", channelID: "200", messageID: "@original", userID: "parent", requestID: requestID)
    }

    init(deliveryAddress: DeliveryAddress = discordDelivery(), updatedMessageAddress: DeliveryAddress? = nil,
         acknowledgementFails: Bool = false) {
        self.deliveryAddress = deliveryAddress
        self.updatedMessageAddress = updatedMessageAddress
        self.acknowledgementFails = acknowledgementFails
    }

    func acknowledge(privately: Bool) async throws {
        if acknowledgementFails { throw TestDoubleError.scripted("the platform refused the acknowledgement") }
        if events.all.contains(where: { if case .acknowledged = $0 { true } else { false } }) {
            Issue.record("acknowledged twice")
        }
        events.append(.acknowledged(privately: privately))
    }

    func reply(_ reply: ChatReply) async throws {
        events.append(.replied(reply))
    }

    func update(_ reply: ChatReply) async throws {
        events.append(.updated(reply))
    }

    func storiesDeleted(_ ids: [StoryID]) async {
        deletedStories.append(ids)
    }

    /// How the input was acknowledged (nil: not at all).
    var acknowledgedPrivately: Bool? {
        for case let .acknowledged(privately) in events.all { return privately }
        return nil
    }

    var replies: [ChatReply] {
        events.all.compactMap { if case let .replied(reply) = $0 { reply } else { nil } }
    }

    var updates: [ChatReply] {
        events.all.compactMap { if case let .updated(reply) = $0 { reply } else { nil } }
    }
}
