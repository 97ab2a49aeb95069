import StoryDomain

/// A native poll that the platform ended (its duration ran out, or it was ended early), as the
/// platform reported it: the vote it asks closes with the ballots counted (once each).
public struct PollEnd: Sendable, Equatable {
    public var family: FamilyRef
    /// The poll's message (the vote asked by it: ``ChapterVote/messageID``).
    public var messageID: String
    /// The platform's final count per choice (by index), when it told them; for the log.
    public var counts: [Int]?

    public init(family: FamilyRef, messageID: String, counts: [Int]? = nil) {
        self.family = family
        self.messageID = messageID
        self.counts = counts
    }
}
