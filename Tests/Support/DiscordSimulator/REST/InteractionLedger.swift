import DiscordModels

/// An interaction callback as received, whether it was accepted or not.
public struct RecordedCallback: Sendable {
    public let response: InteractionResponse
    public let files: [SimulatedAttachment]
    /// The HTTP status the simulator answered with.
    public let status: Int
    /// Discord's error code when rejected.
    public let errorCode: Int?
    /// When the callback was read whole and applied (a page update shown).
    public let receivedAt: ContinuousClock.Instant
    /// When the callback's request head arrived, before its body (a picture) was read: what
    /// Discord's clock for the interaction sees first.
    public let arrivedAt: ContinuousClock.Instant

    /// Whether this callback acknowledged the interaction.
    public var isAccepted: Bool { (200..<300).contains(status) }
}

/// What the simulator knows about one dispatched interaction.
struct InteractionRecord: Sendable {
    let interaction: Interaction
    let dispatchedAt: ContinuousClock.Instant
    /// When its `INTERACTION_CREATE` frame was first written to the bot's socket.
    private(set) var writtenAt: ContinuousClock.Instant?
    var callbacks: [RecordedCallback] = []
    var originalMessageID: Snowflake?
    var followUpIDs: [Snowflake] = []
    /// The token was made invalid before its time (``DiscordSimulator/revokeToken(interactionID:)``).
    var tokenRevoked = false

    mutating func markWritten(at instant: ContinuousClock.Instant) {
        if writtenAt == nil { writtenAt = instant }
    }

    /// The callback that acknowledged the interaction.
    var acknowledgement: RecordedCallback? { callbacks.first(where: \.isAccepted) }
}

/// Dispatched interactions by id and by token.
struct InteractionLedger: Sendable {
    private var records: [Snowflake: InteractionRecord] = [:]
    private var idsByToken: [String: Snowflake] = [:]

    mutating func add(_ interaction: Interaction, dispatchedAt: ContinuousClock.Instant) {
        records[interaction.id] = InteractionRecord(interaction: interaction, dispatchedAt: dispatchedAt)
        idsByToken[interaction.token] = interaction.id
    }

    subscript(id: Snowflake) -> InteractionRecord? {
        get { records[id] }
        set { records[id] = newValue }
    }

    func id(forToken token: String) -> Snowflake? { idsByToken[token] }
}
