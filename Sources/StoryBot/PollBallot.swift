import StoryDomain

/// A member's vote on a native poll added or taken back, as the platform reported it.
public struct PollBallot: Sendable, Equatable {
    public var family: FamilyRef
    /// The poll's message (the vote asked by it: ``ChapterVote/messageID``).
    public var messageID: String
    public var member: String
    /// The choice's index in ``ChapterVote/choices``.
    public var choice: Int
    /// True for a vote added, false for one taken back.
    public var added: Bool

    public init(family: FamilyRef, messageID: String, member: String, choice: Int, added: Bool) {
        self.family = family
        self.messageID = messageID
        self.member = member
        self.choice = choice
        self.added = added
    }
}
