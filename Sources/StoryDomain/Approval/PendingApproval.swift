import Foundation

/// A story made for the room but held back until a grown-up says yes (`/settings set
/// approval:on`): who asked, where it goes, when it must be answered by, and how far it got.
public struct PendingApproval: Sendable, Equatable, Identifiable {
    /// Why the story was made: a child's request, or tonight's bedtime story.
    public enum Kind: String, Sendable, Equatable, Codable {
        case request
        case bedtime
    }

    /// Where the approval stands. Only `waiting` and `approved` are still in play.
    public enum State: String, Sendable, Equatable, Codable, CaseIterable {
        /// Made (or being made); the grown-ups have not answered.
        case waiting
        /// A grown-up said yes; the story reaches the room at ``PendingApproval/shareAt`` (bedtime).
        case approved
        /// Page 1 was posted in the room.
        case shared
        /// Not shared: nobody could be asked (a refused direct message) or the story failed.
        case declined
        /// Not answered in time: not shared, and the grown-ups are told.
        case expired

        /// Still waiting for an answer or for its time.
        public var isOpen: Bool { self == .waiting || self == .approved }
    }

    /// A short random id (in button ids).
    public let id: String
    public var family: FamilyRef
    /// The room or channel the story is for.
    public var channelID: String
    /// The person the story was made for (told kindly that it is on its way).
    public var requester: Requester
    public var kind: Kind
    /// The story the grown-ups are shown; a 🌙 Gentler or 🔄 Another replaces it.
    public var storyID: StoryID
    public var state: State
    public var createdAt: Date
    /// No yes after this: the story is not shared (``ApprovalRules``).
    public var deadline: Date
    /// A bedtime story is not posted before bedtime, even when approved earlier.
    public var shareAt: Date?
    /// When the grown-ups were sent the story to look at (nil: not yet, or a remade one not yet).
    public var sentAt: Date?
    /// When it left play (shared, declined, expired), and who answered.
    public var decidedAt: Date?
    public var decidedBy: String?
    /// When the grown-ups were told it expired or was declined.
    public var toldAt: Date?

    public init(id: String, family: FamilyRef, channelID: String, requester: Requester, kind: Kind, storyID: StoryID,
                state: State = .waiting, createdAt: Date, deadline: Date, shareAt: Date? = nil, sentAt: Date? = nil,
                decidedAt: Date? = nil, decidedBy: String? = nil, toldAt: Date? = nil) {
        self.id = id
        self.family = family
        self.channelID = channelID
        self.requester = requester
        self.kind = kind
        self.storyID = storyID
        self.state = state
        self.createdAt = createdAt
        self.deadline = deadline
        self.shareAt = shareAt
        self.sentAt = sentAt
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
        self.toldAt = toldAt
    }

    /// A new random id.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return ShortID.make(length: 10, using: &generator)
    }
}
