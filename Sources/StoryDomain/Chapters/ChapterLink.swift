/// Where a story sits in a chain of chapters (`/story continue`): the chain it belongs to, the
/// chapter it follows and what that chapter was, for the writer's "Last time…" opening.
///
/// The chain is named by its first chapter's id (`seriesID`), kept on every later chapter, so
/// deleting any chapter (the first one too) leaves the others readable and together.
///
/// The previous title and summary are kept at most ``maxTitleLength`` and ``maxSummaryLength``
/// characters long, however the link is made (built, changed or decoded): stores keep them as given.
public struct ChapterLink: Sendable, Equatable, Codable {
    /// The first chapter's id: the chain's name, even after that story is deleted.
    public var seriesID: StoryID
    /// The chapter this one continues.
    public var previousStoryID: StoryID
    /// This story's chapter number (2 or more: the first chapter is an ordinary story).
    public var number: Int
    /// The previous chapter's title (written text, already screened).
    public var previousTitle: String {
        didSet { previousTitle = Self.clip(previousTitle, to: Self.maxTitleLength) }
    }
    /// A short summary of the previous chapter, from its own written pages (never family text).
    public var previousSummary: String {
        didSet { previousSummary = Self.clip(previousSummary, to: Self.maxSummaryLength) }
    }

    public init(seriesID: StoryID, previousStoryID: StoryID, number: Int, previousTitle: String, previousSummary: String) {
        self.seriesID = seriesID
        self.previousStoryID = previousStoryID
        self.number = number
        self.previousTitle = Self.clip(previousTitle, to: Self.maxTitleLength)
        self.previousSummary = Self.clip(previousSummary, to: Self.maxSummaryLength)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(seriesID: try container.decode(StoryID.self, forKey: .seriesID),
                  previousStoryID: try container.decode(StoryID.self, forKey: .previousStoryID),
                  number: try container.decode(Int.self, forKey: .number),
                  previousTitle: try container.decode(String.self, forKey: .previousTitle),
                  previousSummary: try container.decode(String.self, forKey: .previousSummary))
    }

    private static func clip(_ text: String, to length: Int) -> String {
        text.count > length ? String(text.prefix(length)) : text
    }

    /// The longest summary kept (characters).
    public static let maxSummaryLength = 400
    /// The longest previous title kept (characters).
    public static let maxTitleLength = 120
}
