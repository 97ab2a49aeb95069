/// Where a story sits in a chain of chapters (`/story continue`): the chain it belongs to, the
/// chapter it follows and what that chapter was, for the writer's "Last time…" opening.
///
/// The chain is named by its first chapter's id (`seriesID`), kept on every later chapter, so
/// deleting any chapter (the first one too) leaves the others readable and together.
public struct ChapterLink: Sendable, Equatable, Codable {
    /// The first chapter's id: the chain's name, even after that story is deleted.
    public var seriesID: StoryID
    /// The chapter this one continues.
    public var previousStoryID: StoryID
    /// This story's chapter number (2 or more: the first chapter is an ordinary story).
    public var number: Int
    /// The previous chapter's title (written text, already screened).
    public var previousTitle: String
    /// A short summary of the previous chapter, from its own written pages (never family text).
    public var previousSummary: String

    public init(seriesID: StoryID, previousStoryID: StoryID, number: Int, previousTitle: String, previousSummary: String) {
        self.seriesID = seriesID
        self.previousStoryID = previousStoryID
        self.number = number
        self.previousTitle = previousTitle
        self.previousSummary = previousSummary
    }

    /// The longest summary kept (characters).
    public static let maxSummaryLength = 400
    /// The longest previous title kept (characters).
    public static let maxTitleLength = 120
}
