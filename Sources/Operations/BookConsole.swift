import Foundation
import PictureBook
import StoryDomain
import StoryStore

/// `magical-stories story book`: a stored story's picture book written to a file, from the
/// service's database (also while the service runs).
public struct BookConsole: Sendable {
    private let repository: any StoryRepository
    /// Title search across families: SQLite's; on PostgreSQL a story is named by its id.
    private let titleSearch: SQLiteStoryRepository?

    public init(database: AppDatabase, clock: any WallClock = SystemWallClock()) {
        self.init(store: AppStore(sqlite: database, clock: clock), clock: clock)
    }

    /// The console on either store.
    public init(store: AppStore, clock: any WallClock = SystemWallClock()) {
        repository = store.stories
        titleSearch = store.sqlite.map { SQLiteStoryRepository(database: $0, clock: clock) }
    }

    /// Writes the book of the story named by `query` (its id, or words of its title, as
    /// `/story read` takes them; the newest match wins) to `path`, on `paper`: a PDF, or the
    /// EPUB 3 edition when `path` ends in `.epub`.
    public func write(story query: String, to path: String, paper paperName: String = PaperSize.universal.name) async throws -> String {
        let wanted = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !wanted.isEmpty else { throw AdminConsole.Refusal(description: "Name a story: its id or words of its title.") }
        guard let paper = PaperSize.named(paperName) else {
            throw AdminConsole.Refusal(description: "--paper is one of: \(PaperSize.all.map(\.name).joined(separator: ", ")).")
        }
        guard let story = try await find(wanted) else {
            throw AdminConsole.Refusal(description: "📖 No story matches “\(wanted.prefix(100))”. Give its id or words of its title.")
        }
        guard story.status == .ready else {
            let state = story.status == .failed ? "couldn't be finished" : "is still being made"
            throw AdminConsole.Refusal(description: "⏳ “\(story.displayTitle)” \(state), so it has no picture book yet.")
        }
        let maker = StoryBookMaker(stories: repository, renderer: PictureBookRenderer(paper: paper))
        let url = URL(fileURLWithPath: path)
        let started = ContinuousClock.now
        if url.pathExtension.lowercased() == "epub" {
            guard let epub = try await maker.epub(of: story) else {
                throw AdminConsole.Refusal(description: "⏳ “\(story.displayTitle)” has no pages yet.")
            }
            try Self.save(epub, to: url)
            return "📖 “\(story.displayTitle)” — EPUB 3, \(story.pageCount) pages, \(Self.size(epub.count))\n   \(url.path)"
        }
        guard let book = try await maker.book(of: story) else {
            throw AdminConsole.Refusal(description: "⏳ “\(story.displayTitle)” has no pages yet.")
        }
        let elapsed = ContinuousClock.now - started
        try Self.save(book.pdf, to: url)
        return "📖 “\(book.title)” — \(book.pageCount) PDF pages (\(paper.name)), \(Self.size(book.pdf.count)),"
            + " pictures \(book.treatment), made in \(elapsed.formatted(.units(allowed: [.milliseconds])))\n   \(url.path)"
    }

    private func find(_ query: String) async throws -> Story? {
        if let id = StoryID(rawValue: query), let story = try await repository.story(id) { return story }
        guard let titleSearch else {
            throw AdminConsole.Refusal(description: "📖 On PostgreSQL, name the story by its id; title words are looked up on SQLite only.")
        }
        let matches = try await titleSearch.findStoriesInAllFamilies(matching: query, limit: 25)
        return matches.first { $0.displayTitle.caseInsensitiveCompare(query) == .orderedSame } ?? matches.first
    }

    private static func save(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url)
        } catch {
            throw AdminConsole.Refusal(description: "Could not write \(url.path): \(error.localizedDescription)")
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? String(format: "%.1f MiB", Double(bytes) / 1_048_576) : String(format: "%.0f KiB", Double(bytes) / 1_024)
    }
}
