/// Why a vote on what happens next cannot be taken; each is answered kindly.
public enum ChapterVoteError: Error, Equatable, Sendable {
    /// The vote was closed (the next chapter was made or a grown-up closed it) or its time is up.
    case closed
    /// The vote is not known (forgotten with its family, or never opened).
    case notFound
    /// The answer is not one of the vote's choices.
    case noSuchChoice
    /// The chapter has no choices to vote on (too few fit the family's avoid-list).
    case noChoices
}
