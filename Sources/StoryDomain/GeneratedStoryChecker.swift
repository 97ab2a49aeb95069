/// Checks a written story before anyone sees it: cleans the text, enforces the page count
/// and sane lengths, rejects words on the family's avoid-list, and passes the title, every page
/// and every picture prompt through the ``BedtimeScreen`` (whichever writer wrote them).
public struct GeneratedStoryChecker: Sendable {
    public enum Problem: Error, Equatable, TransientAwareError, CustomStringConvertible {
        case wrongPageCount(expected: Int, got: Int)
        case emptyPage(Int)
        case pageTooLong(Int)
        case avoidedWord(String)
        /// The bedtime screen refused the text (only the category is kept, never the words).
        case unsafeContent(SafetyCategory)

        /// A model may do better on a second try; the avoid-list and the screen are safety refusals
        /// (the pipeline gives the screen its one repair attempt itself).
        public var isTransient: Bool {
            switch self {
            case .avoidedWord, .unsafeContent: false
            case .wrongPageCount, .emptyPage, .pageTooLong: true
            }
        }

        public var failureReason: StoryFailureReason {
            switch self {
            case .avoidedWord, .unsafeContent: .unsafeContent
            case .wrongPageCount, .emptyPage, .pageTooLong: .writerFailed
            }
        }

        /// Stored as the story's failure reason (alone, or quoted in a model writer's error); the
        /// failure message recognises the bedtime screen's refusal by `unsafeContent(` (see
        /// ``isBedtimeScreenRefusal(_:)``), so keep this spelling.
        public var description: String {
            switch self {
            case let .wrongPageCount(expected, got): "wrongPageCount(expected: \(expected), got: \(got))"
            case let .emptyPage(page): "emptyPage(\(page))"
            case let .pageTooLong(page): "pageTooLong(\(page))"
            case let .avoidedWord(word): "avoidedWord(\(String(reflecting: word)))"
            case let .unsafeContent(category): "unsafeContent(\(category.rawValue))"
            }
        }

        /// Whether a failure reason stored with a story says the bedtime screen refused its text
        /// (after the writer was called; like every refusal after model calls, the story keeps its
        /// place in the day's quota): the pipeline stores this problem's description, or a model
        /// writer's error that quotes it.
        public static func isBedtimeScreenRefusal(_ storedReason: String?) -> Bool {
            storedReason?.contains("unsafeContent(") == true
        }
    }

    public var maxPageCharacters = 1_500
    public var maxTitleCharacters = 100
    /// Lower-cased words and phrases that must not appear.
    public var avoidList: [String]
    private let sanitizer = TextSanitizer()
    private let screen = BedtimeScreen()

    public init(avoidList: [String] = []) {
        self.avoidList = avoidList.map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// The cleaned story, or the first problem found.
    public func check(_ story: WrittenStory, for request: StoryRequest) throws(Problem) -> WrittenStory {
        guard story.pages.count == request.pageCount else {
            throw .wrongPageCount(expected: request.pageCount, got: story.pages.count)
        }
        var cleaned = story
        cleaned.title = String(sanitizer.cleanLine(story.title).prefix(maxTitleCharacters))
        if cleaned.title.isEmpty { cleaned.title = "A Story for \(request.heroName)" }
        for index in cleaned.pages.indices {
            let text = sanitizer.cleanParagraphs(cleaned.pages[index].text)
            guard !text.isEmpty else { throw .emptyPage(index + 1) }
            guard text.count <= maxPageCharacters else { throw .pageTooLong(index + 1) }
            cleaned.pages[index].text = text
        }
        if let word = firstAvoidedWord(in: [cleaned.title] + cleaned.pages.map(\.text)) {
            throw .avoidedWord(word)
        }
        if let concern = screen.firstConcern(in: [cleaned.title] + cleaned.pages.map(\.text), language: request.language)
            ?? screen.firstConcern(in: cleaned.pages.flatMap { [$0.imagePrompt, $0.scene.focus ?? ""] }) {
            throw .unsafeContent(concern.category)
        }
        return cleaned
    }

    /// The first avoid-list entry found in any of the texts: whole words and phrases, any case,
    /// simple plural and possessive forms included (see ``AvoidListMatcher``).
    public func firstAvoidedWord(in texts: [String]) -> String? {
        guard !avoidList.isEmpty else { return nil }
        return AvoidListMatcher(avoidList).firstMatch(in: texts)
    }
}
