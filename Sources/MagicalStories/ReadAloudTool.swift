import AsyncHTTPClient
import Foundation
import Logging
import StoryDomain
import StoryProviders
import StoryStore

/// `magical-stories story listen`: a story's narration from the command line, made with the
/// configured voice (and kept with the story, as when a family presses 🔊), written to a file.
public struct ReadAloudTool: Sendable {
    /// A story the tool could not read aloud, said plainly.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    private let config: AppConfig
    private let store: AppStore
    private let clock: any WallClock

    public init(config: AppConfig, store: AppStore, clock: any WallClock = SystemWallClock()) {
        self.config = config
        self.store = store
        self.clock = clock
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
        let httpClient = ProviderFactory.needsNetwork(config)
            ? HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: MagicalStoriesApp.httpConfiguration) : nil
        let meter = ModelCallMeter(ledger: store.modelCalls, budget: config.spend.modelBudget, clock: clock)
        let service = MagicalStoriesApp.narration(config, store: store, httpClient: httpClient, logger: logger, onFailure: { _, _ in },
                                                  meter: meter, clock: clock)
        do {
            let narration = try await service.narration(of: story, part: part)
            try await httpClient?.shutdown()
            return (story, narration)
        } catch {
            try? await httpClient?.shutdown()
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
