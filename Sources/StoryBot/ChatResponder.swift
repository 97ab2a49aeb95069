import StoryDomain

/// How the router answers one input, implemented by each adapter for each interaction.
public protocol ChatResponder: Sendable {
    /// Where a story asked for by this input is delivered: the message that `reply` creates.
    var deliveryAddress: DeliveryAddress { get }
    /// Tell the platform the input was received (Discord: a deferred response). Called first,
    /// before any storage or model work.
    func acknowledge(privately: Bool) async throws
    /// The answer to this input: a new message (or the deferred original, on Discord).
    func reply(_ reply: ChatReply) async throws
    /// Replace the message whose button was pressed.
    func update(_ reply: ChatReply) async throws
}

/// Delivers to an address later, from the background: story progress and finished stories.
public protocol ChatTransport: Sendable {
    /// The platform this transport serves (matches `DeliveryAddress.platform`).
    var platform: String { get }
    /// Edits the message at `address`, or posts to its channel when that is no longer possible.
    /// `isFinal` marks the finished story or its failure: when the original message can no
    /// longer be edited, only final replies are posted anew (progress is skipped).
    /// Throws only for failures worth retrying later (platform down, rate limited).
    func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws
}
