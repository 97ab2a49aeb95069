import AsyncHTTPClient
import Logging
import StoryDomain
import StoryProviders
import StoryStore

extension MagicalStoriesApp {
    /// Reads stories aloud with the configured voice; the built-in voice reads when a model
    /// voice's day budget is spent. Narration is kept in the database with its story.
    static func narration(_ config: AppConfig, repository: SQLiteStoryRepository, database: AppDatabase, httpClient: HTTPClient?,
                          logger: Logger, onFailure: @escaping @Sendable (ProviderError, Bool) -> Void, meter: ModelCallMeter,
                          usage: any UsageLedger, clock: any WallClock) -> NarrationService {
        let narrator = ProviderFactory.narrator(config, httpClient: httpClient, logger: logger, onFailure: onFailure, meter: meter)
        return NarrationService(stories: repository, store: SQLiteNarrationStore(database: database, clock: clock), narrator: narrator,
                                fallback: narrator.isModelProvider ? ProviderFactory.offlineVoice(config) : nil,
                                maxConcurrent: config.narration.maxConcurrent, usage: usage, clock: clock)
    }
}
