import DiscordModels
import Foundation

/// A file attached to a simulated message.
public struct SimulatedAttachment: Sendable, Equatable {
    public let id: Snowflake
    public var filename: String
    public var contentType: String
    public var data: Data
    public var description: String?
    /// A voice message's length and base64 waveform, as sent in `attachments[n]`.
    public var durationSecs: Double? = nil
    public var waveform: String? = nil
}

/// A message as the simulated Discord stores it: channel messages, interaction responses and follow-ups.
public struct SimulatedMessage: Sendable, Equatable {
    /// Message flags the simulator interprets.
    public enum Flag {
        public static let suppressEmbeds = 1 << 2
        public static let ephemeral = 1 << 6
        public static let loading = 1 << 7
        public static let componentsV2 = 1 << 15
        public static let voiceMessage = 1 << 13
    }

    public let id: Snowflake
    public let channelID: Snowflake?
    /// The interaction this message answers, if any.
    public let interactionID: Snowflake?
    public var content: String?
    public var embeds: [Embed]
    public var components: [Component]
    public var attachments: [SimulatedAttachment]
    public var flags: Int
    /// How many times the message was edited after it was created.
    public var editedCount: Int

    /// Only the invoking user sees it.
    public var isEphemeral: Bool { flags & Flag.ephemeral != 0 }
    /// A deferred response ("thinking…") not yet filled in.
    public var isLoading: Bool { flags & Flag.loading != 0 }

    init(id: Snowflake, channelID: Snowflake?, interactionID: Snowflake?, payload: MessagePayload,
         attachments: [SimulatedAttachment], flags: Int) {
        self.id = id
        self.channelID = channelID
        self.interactionID = interactionID
        content = payload.content
        embeds = payload.embeds ?? []
        components = payload.components ?? []
        self.attachments = attachments
        self.flags = flags
        editedCount = 0
    }

    /// Applies an edit: given fields replace, `attachments` lists those to keep, uploads are appended.
    mutating func apply(_ edit: MessagePayload, uploads: [SimulatedAttachment]) {
        if let content = edit.content { self.content = content }
        if let embeds = edit.embeds { self.embeds = embeds }
        if let components = edit.components { self.components = components }
        if let kept = edit.attachments {
            let keptIDs = Set(kept.map(\.id))
            attachments.removeAll { !keptIDs.contains($0.id.description) }
        }
        attachments += uploads
        flags = (flags & ~Flag.loading) | ((edit.flags ?? 0) & (Flag.suppressEmbeds | Flag.componentsV2))
        editedCount += 1
    }
}

/// Every message the simulator holds, by id.
struct MessageStore: Sendable {
    private var messages: [Snowflake: SimulatedMessage] = [:]

    subscript(id: Snowflake) -> SimulatedMessage? {
        get { messages[id] }
        set { messages[id] = newValue }
    }

    /// A channel's messages, oldest first.
    func inChannel(_ channelID: Snowflake) -> [SimulatedMessage] {
        messages.values.filter { $0.channelID == channelID }.sorted { $0.id < $1.id }
    }
}
