import Foundation

/// What one client may cost the web chat: connections and their HTTP headers, the frames a slow
/// reader may leave unread, the messages a member may send, and what a joining browser is sent.
/// Each limit answers kindly when it is reached (docs/limits.md, "Web chat").
public struct WebChatLimits: Sendable, Equatable {
    // MARK: Connections

    /// Open connections in total (HTTP and WebSocket); past it a newcomer takes the slot of the
    /// guest connection idle longest, and gets a short `503` when every slot is a member's.
    public var maxConnections = 1_024
    /// Open connections from one address (a trusted reverse proxy is not counted per address).
    public var maxConnectionsPerAddress = 64
    /// Open connections from one address that have shown no member's session cookie (guests);
    /// past it `429`. An IPv6 address counts per /64.
    public var maxGuestConnectionsPerAddress = 16
    /// Connections past a cap that are still read, to answer `GET /health` (and a kind `503` or
    /// `429` to anything else); beyond these a connection is closed at once.
    public var reservedConnections = 16
    /// Time a client has to send its first request's header (`408` and closed after it).
    public var headerTimeout = Duration.seconds(10)
    /// A keep-alive connection with no request for this long is closed.
    public var idleTimeout = Duration.seconds(60)
    /// A guest's connection (no member's session shown on it) with no request for this long is
    /// closed; at the total cap a newcomer takes the slot of the guest idle longest.
    public var guestIdleTimeout = Duration.seconds(10)
    /// The largest request header, in bytes (`431` and closed past it).
    public var maxHeaderBytes = 16 * 1_024

    // MARK: A member's WebSocket

    /// The largest frame a browser may send; a larger one closes the connection with 1009.
    public var maxFrameBytes = 16 * 1_024
    /// Frames waiting for one slow connection; when full, that connection is closed (1008).
    public var sendQueueFrames = 256
    /// The longest one frame may take to be written to a connection before it is closed (1008).
    public var writeTimeout = Duration.seconds(5)
    /// Messages and button presses a connection may send at once, then ``messagesPerMinute``.
    public var messageBurst = 20
    public var messagesPerMinute = 120
    /// The longest chat message, in characters and in UTF-8 bytes (after cleaning).
    public var maxMessageCharacters = 2_000
    public var maxMessageBytes = 4_096

    // MARK: The transcript

    /// The newest messages a joining browser is sent, at most ``historyBytes`` of them.
    public var historyMessages = 100
    public var historyBytes = 128 * 1_024
    /// Messages kept per room, and for how long (older ones are deleted).
    public var retention = TranscriptRetention()

    public init() {}

    /// The defaults.
    public static let standard = WebChatLimits()
}

/// How much of a room's conversation is kept: the newest ``keepMessages`` messages, none older
/// than ``keepDays`` days.
public struct TranscriptRetention: Sendable, Equatable {
    public var keepMessages: Int
    public var keepDays: Int

    public init(keepMessages: Int = 1_000, keepDays: Int = 90) {
        self.keepMessages = keepMessages
        self.keepDays = keepDays
    }

    /// Messages created before this are deleted.
    public func cutoff(now: Date) -> Date { now - TimeInterval(keepDays) * 86_400 }
}
