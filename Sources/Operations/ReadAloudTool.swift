import Foundation
import Logging
import StoryDomain
import StoryStore

/// `magical-stories story listen`: a story's narration from the command line, made with the
/// configured voice (and kept with the story, as when a family presses 🔊), written to a file.
public struct ReadAloudTool: Sendable {
    /// A story the tool could not read aloud, said plainly.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// The configured voice for one reading, and what to shut down after it (a model voice's HTTP client).
    public typealias Voice = @Sendable (Logger) -> (narration: NarrationService, shutdown: @Sendable () async throws -> Void)

    private let store: AppStore
    private let voice: Voice

    /// The tool on either store, reading with `voice`.
    public init(store: AppStore, voice: @escaping Voice) {
        self.store = store
        self.voice = voice
    }

    /// A story by id; by title words too on SQLite (on PostgreSQL, give its id).
    private func find(_ query: String) async throws -> Story? {
        if let id = StoryID(rawValue: query.trimmingCharacters(in: .whitespaces)), let story = try await store.stories.story(id) {
            return story
        }
        guard let database = store.sqlite else { return nil }
        return try await StoryFinder(database: database).find(query)
    }

    /// The story matching `query` (an id or words of its title), and its narration: the whole
    /// story, or `page`.
    public func narrate(_ query: String, page: Int? = nil, logger: Logger) async throws -> (story: Story, narration: StoredNarration) {
        guard let story = try await find(query) else {
            throw Refusal(description: store.sqlite == nil ? "No story has the id “\(query)” (on PostgreSQL, give the story's id)."
                : "No story matches “\(query)”: give its id or words of its title.")
        }
        let part = page.map(NarrationPart.page) ?? .whole
        if let page, !(1...story.pageCount).contains(page) {
            throw Refusal(description: "“\(story.displayTitle)” has \(story.pageCount) pages.")
        }
        let (service, shutdown) = voice(logger)
        do {
            let narration = try await service.narration(of: story, part: part)
            try await shutdown()
            return (story, narration)
        } catch {
            try? await shutdown()
            if let refusal = error as? ReadAloudError { throw Refusal(description: Self.text(for: refusal)) }
            throw error
        }
    }

    static func text(for error: ReadAloudError) -> String {
        switch error {
        case .storyNotReady: "That story is not written yet (or could not be finished)."
        case let .noSuchPage(number): "That story has no page \(number)."
        case let .voiceFailed(detail): "The voice could not read it: \(detail)"
        case .notOffered, .unknownPart: "Reading aloud is not available."
        }
    }
}
