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
    /// Where the message that ``update(_:)`` replaces lives, for filling its picture in later
    /// (nil where it cannot be edited later).
    var updatedMessageAddress: DeliveryAddress? { get }
    /// The link that opens an invite, as the person asking reaches the chat (nil where there
    /// are no invites).
    func inviteLink(for code: AccessSecret) -> String?
    /// Why the links of ``inviteLink(for:)`` may not open on other devices (the service knows
    /// only a loopback address), and what to change; nil when they should.
    var inviteLinkWarning: String? { get }
    /// The stories were deleted: a platform that keeps its messages (the web chat) takes every
    /// message showing them off the screens and out of the history. Best effort.
    func storiesDeleted(_ ids: [StoryID]) async
    /// Take back the public answer ``reply(_:)`` gave, where the platform can (Discord deletes
    /// the original response): a request accepted and then refused after all (another process
    /// took the person's last story of the day) must not leave "on its way" behind.
    func withdrawReply() async
    /// Whether an answer carries a page's picture itself (Discord uploads it) rather than a link
    /// to it (the web chat): a page turn then asks the store for the picture with the page.
    var sendsPictures: Bool { get }
}

extension ChatResponder {
    public var updatedMessageAddress: DeliveryAddress? { nil }
    public var sendsPictures: Bool { false }
    public func withdrawReply() async {}
    public func inviteLink(for code: AccessSecret) -> String? { nil }
    public var inviteLinkWarning: String? { nil }
    public func storiesDeleted(_ ids: [StoryID]) async {}
}

/// Delivers to an address later, from the background: story progress and finished stories.
public protocol ChatTransport: Sendable {
    /// The platform this transport serves (matches `DeliveryAddress.platform`).
    var platform: Platform { get }
    /// Edits the message at `address`, or posts to its channel when that is no longer possible
    /// (the outcome then names the new message). `isFinal` marks the finished story or its
    /// failure. Throws only for failures worth retrying later (platform down, rate limited).
    func deliver(_ reply: ChatReply, to address: DeliveryAddress, isFinal: Bool) async throws -> DeliveryOutcome
}

/// Transports by the platform they serve (the first one wins when two name the same).
func transportsByPlatform(_ transports: [any ChatTransport]) -> [Platform: any ChatTransport] {
    Dictionary(transports.map { ($0.platform, $0) }, uniquingKeysWith: { first, _ in first })
}
