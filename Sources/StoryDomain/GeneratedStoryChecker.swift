/// Checks a written story before anyone sees it: cleans the text, enforces the page count
/// and sane lengths, and rejects words on the family's avoid-list.
public struct GeneratedStoryChecker: Sendable {
    public enum Problem: Error, Equatable, TransientAwareError {
        case wrongPageCount(expected: Int, got: Int)
        case emptyPage(Int)
        case pageTooLong(Int)
        case avoidedWord(String)

        /// A model may do better on a second try; the avoid-list is a safety refusal.
        public var isTransient: Bool {
            if case .avoidedWord = self { return false }
            return true
        }

        public var failureReason: StoryFailureReason {
            if case .avoidedWord = self { return .unsafeContent }
            return .writerFailed
        }
    }

    public var maxPageCharacters = 1_500
    public var maxTitleCharacters = 100
    /// Lower-cased words and phrases that must not appear.
    public var avoidList: [String]
    private let sanitizer = TextSanitizer()

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
        return cleaned
    }

    /// The first avoid-list entry found in any of the texts: whole words and phrases, any case,
    /// simple plural and possessive forms included (see ``AvoidListMatcher``).
    public func firstAvoidedWord(in texts: [String]) -> String? {
        guard !avoidList.isEmpty else { return nil }
        return AvoidListMatcher(avoidList).firstMatch(in: texts)
    }
}
