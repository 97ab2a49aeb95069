import Operations
import AsyncHTTPClient
import Logging
import StoryDomain
import StoryProviders

extension MagicalStoriesApp {
    /// Reads stories aloud with the configured voice; the built-in voice reads when a model
    /// voice's day budget is spent. Narration is kept in the store with its story.
    static func narration(_ config: AppConfig, store: AppStore, httpClient: HTTPClient?, logger: Logger,
                          onFailure: @escaping @Sendable (ProviderError, Bool) -> Void, meter: ModelCallMeter,
                          clock: any WallClock) -> NarrationService {
        let familyVoice = ProviderFactory.narrator(config, httpClient: httpClient, logger: logger, onFailure: onFailure, meter: meter)
        // Children listen to a voice whose provider's terms allow it (``ChildrenProviders``).
        let children = ChildrenProviders(config)
        let narrator: any Narrator = children.voice == .same ? familyVoice : AudienceRoutedNarrator(
            family: familyVoice,
            children: ProviderFactory.narrator(children.configuration(from: config), httpClient: httpClient, logger: logger,
                                               onFailure: onFailure, meter: meter))
        return NarrationService(stories: store.stories, store: store.narration, narrator: narrator,
                                fallback: narrator.isModelProvider ? ProviderFactory.offlineVoice(config) : nil,
                                maxConcurrent: config.narration.maxConcurrent, usage: store.usage, clock: clock)
    }
}
