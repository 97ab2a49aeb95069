import StoryDomain
import StoryProviders
import Synchronization

/// The built-in illustrator, except that the pages it is told to hold wait until released: a
/// slow model illustrator whose pictures arrive when the test says.
final class GatedIllustrator: Illustrator {
    let name = "gated"
    private let inner = OfflineIllustrator()
    private let held: Mutex<Set<Int>>
    private let started = Mutex<Set<Int>>([])

    init(holding pages: Set<Int>) { held = Mutex(pages) }

    func release(page: Int) { _ = held.withLock { $0.remove(page) } }
    func hold(page: Int) { _ = held.withLock { $0.insert(page) } }

    /// Whether painting `page` has begun (it may be waiting to be released).
    func hasStarted(page: Int) -> Bool { started.withLock { $0.contains(page) } }

    func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        started.withLock { _ = $0.insert(request.pageNumber) }
        // A gate, not a guessed wait: polled so that cancelling the painting ends it at once.
        while held.withLock({ $0.contains(request.pageNumber) }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        return try await inner.illustrate(request)
    }
}

/// The built-in writer, with the title and every page replaced by `title` and `page` (for
/// strange text at every limit).
struct EdgeTextWriter: StoryWriter {
    let name = "edge-text"
    let supportedLanguages: Set<StoryLanguage> = [.english]
    let title: String
    let page: String

    func write(_ request: StoryRequest) async throws -> WrittenStory {
        var story = try await OfflineStoryWriter().write(request)
        story.title = title
        for index in story.pages.indices { story.pages[index].text = page }
        return story
    }
}
