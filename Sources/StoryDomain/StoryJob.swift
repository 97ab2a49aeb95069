import Foundation

/// Where a story's progress and result are delivered: a platform, a channel and, when the
/// platform allows editing, the message to edit. `secret` carries a platform credential for
/// that message (a Discord interaction token) and is never logged.
public struct DeliveryAddress: Sendable, Equatable, Codable, CustomStringConvertible {
    public var platform: Platform
    public var channelID: String
    public var messageID: String?
    public var secret: String?
    /// The user the delivery is for (for private replies).
    public var userID: String?
    /// Platform-specific details the transport needs later (e.g. what the bot may post there).
    public var extras: [String: String]?
    /// The platform's id of the input that asked for the story (a Discord interaction id): one
    /// story per request, so a request seen again after a restart does not make a second one.
    public var requestID: String?

    public init(platform: Platform, channelID: String, messageID: String? = nil, secret: String? = nil, userID: String? = nil,
                extras: [String: String]? = nil, requestID: String? = nil) {
        self.platform = platform
        self.channelID = channelID
        self.messageID = messageID
        self.secret = secret
        self.userID = userID
        self.extras = extras
        self.requestID = requestID
    }

    /// Made in the background with nobody waiting (the next story of a collection): no message to edit.
    public static let background = DeliveryAddress(platform: .background, channelID: "-")

    public var description: String {
        "\(platform):\(channelID)/\(messageID ?? "-")\(secret == nil ? "" : " (token redacted)")"
    }
}

/// The state of a durable generation job.
public enum JobStatus: String, Sendable, Codable {
    case queued, running, done
}

/// A durable generation job: one per story, worked by the pool, resumed after a restart.
public struct StoryJob: Sendable, Equatable {
    public var id: Int64
    public var storyID: StoryID
    public var status: JobStatus
    /// Runs that ended in an outcome (delivered, failed, retried): a claim whose process died
    /// or stopped is not one (see ``leaseExpiries``).
    public var attempts: Int
    public var delivery: DeliveryAddress
    /// Earliest time the job may run (backoff after a failure).
    public var notBefore: Date
    public var lastError: String?
    /// When the story (page 1) reached the family; a resumed job does not deliver it again.
    public var deliveredAt: Date?
    /// The process working the job (``JobLease/owner``), while it runs.
    public var lockedBy: String?
    /// Until when that process holds it; past this, any process may take it back to the queue.
    public var leaseUntil: Date?
    /// How often a process working the job died or froze until its lease ran out. A story that
    /// takes down every process it touches (a poison job) is given up after
    /// ``RetryPolicy/maxLeaseExpiries`` of these, the family told.
    public var leaseExpiries: Int

    public init(id: Int64, storyID: StoryID, status: JobStatus, attempts: Int, delivery: DeliveryAddress,
                notBefore: Date, lastError: String?, deliveredAt: Date? = nil, lockedBy: String? = nil, leaseUntil: Date? = nil,
                leaseExpiries: Int = 0) {
        self.id = id
        self.storyID = storyID
        self.status = status
        self.attempts = attempts
        self.delivery = delivery
        self.notBefore = notBefore
        self.lastError = lastError
        self.deliveredAt = deliveredAt
        self.lockedBy = lockedBy
        self.leaseUntil = leaseUntil
        self.leaseExpiries = leaseExpiries
    }
}
