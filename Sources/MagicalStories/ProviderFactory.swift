import AsyncHTTPClient
import Foundation
import Logging
import StoryDomain
import StoryProviders

/// Builds the configured story writer and illustrator. The built-in ones need no network.
enum ProviderFactory {
    /// Whether any configured provider talks to the network.
    static func needsNetwork(_ config: AppConfig) -> Bool {
        config.storyProvider != .offline || config.imageProvider != .offline
            || config.narration.resolved(storyProvider: config.storyProvider) != .offline
    }

    /// Which configured providers call a model: a story that calls none counts only toward the
    /// built-in stories' cap (``DailyQuotaRules``).
    static func lineup(_ config: AppConfig) -> ProviderLineup {
        ProviderLineup(writerCallsModel: config.storyProvider != .offline, illustratorCallsModel: config.imageProvider != .offline,
                       voiceCallsModel: config.narration.resolved(storyProvider: config.storyProvider) != .offline)
    }

    /// The built-in offline voice (espeak-ng).
    static func offlineVoice(_ config: AppConfig) -> any Narrator {
        SpeakingNarrator(voice: EspeakVoice(program: config.narration.espeakPath, wordsPerMinute: config.narration.wordsPerMinute))
    }

    /// The configured voice: a model provider's speech, or the built-in voice.
    static func narrator(_ config: AppConfig, httpClient: HTTPClient?, logger: Logger,
                         onFailure: @escaping @Sendable (ProviderError, Bool) -> Void = { _, _ in },
                         meter: ModelCallMeter? = nil) -> any Narrator {
        let settings = config.narration
        switch (settings.resolved(storyProvider: config.storyProvider), httpClient) {
        case (.gemini, let client?):
            return SpeakingNarrator(voice: GeminiSpeechVoice(configuration: gemini(config, onFailure: onFailure),
                                                             http: ProviderHTTPClient(httpClient: client, logger: logger, meter: meter),
                                                             model: settings.geminiModel, voice: settings.geminiVoice))
        case (.openai, let client?):
            return SpeakingNarrator(voice: OpenAISpeechVoice(configuration: openAI(config, onFailure: onFailure, meter: meter),
                                                             httpClient: client, logger: logger, model: settings.openAIModel,
                                                             voice: settings.openAIVoice, format: settings.openAIFormat))
        default:
            return offlineVoice(config)
        }
    }

    /// - Parameters:
    ///   - onFailure: told of each failed provider call and whether it is retried (metrics).
    ///   - meter: counts every request in the usage ledger and holds the day's model-call budgets.
    static func writer(_ config: AppConfig, httpClient: HTTPClient?, logger: Logger,
                       onFailure: @escaping @Sendable (ProviderError, Bool) -> Void = { _, _ in },
                       meter: ModelCallMeter? = nil) -> any StoryWriter {
        switch (config.storyProvider, httpClient) {
        case (.gemini, let client?):
            GeminiStoryWriter(configuration: gemini(config, onFailure: onFailure),
                              http: ProviderHTTPClient(httpClient: client, logger: logger, meter: meter))
        case (.openai, let client?):
            OpenAIStoryWriter(configuration: openAI(config, onFailure: onFailure, meter: meter), httpClient: client, logger: logger)
        default:
            OfflineStoryWriter()
        }
    }

    /// The model illustrator, or nil for the built-in one.
    static func illustrator(_ config: AppConfig, httpClient: HTTPClient?, logger: Logger,
                            onFailure: @escaping @Sendable (ProviderError, Bool) -> Void = { _, _ in },
                            meter: ModelCallMeter? = nil) -> (any Illustrator)? {
        guard let client = httpClient else { return nil }
        let http = ProviderHTTPClient(httpClient: client, logger: logger, meter: meter)
        switch config.imageProvider {
        case .offline: return nil
        case .gemini: return GeminiIllustrator(configuration: gemini(config, onFailure: onFailure), http: http)
        case .imagen: return ImagenIllustrator(configuration: gemini(config, onFailure: onFailure), http: http)
        case .openai: return OpenAIIllustrator(configuration: openAI(config, onFailure: onFailure, meter: meter), httpClient: client,
                                               logger: logger)
        }
    }

    static func gemini(_ config: AppConfig, onFailure: @escaping @Sendable (ProviderError, Bool) -> Void = { _, _ in })
        -> GeminiConfiguration {
        var configuration = GeminiConfiguration(apiKey: config.gemini.apiKey ?? "", textModel: config.gemini.textModel,
                                                imageModel: config.gemini.imageModel, apiURL: config.gemini.apiURL)
        configuration.retry.onFailure = onFailure
        return configuration
    }

    /// OpenAI itself takes `max_completion_tokens`; other compatible servers (Ollama, vLLM)
    /// honour `max_tokens`. `OPENAI_TOKEN_LIMIT_FIELD` overrides the guess from the host.
    static func openAI(_ config: AppConfig, onFailure: @escaping @Sendable (ProviderError, Bool) -> Void = { _, _ in },
                       meter: ModelCallMeter? = nil) -> OpenAIConfiguration {
        let isOpenAI = URL(string: config.openAI.apiURL)?.host == "api.openai.com"
        let field = config.openAITokenLimitField.flatMap(OpenAIConfiguration.TokenLimitField.init(rawValue:))
            ?? (isOpenAI ? .maxCompletionTokens : .maxTokens)
        var configuration = OpenAIConfiguration(apiURL: config.openAI.apiURL, apiKey: config.openAI.apiKey,
                                                textModel: config.openAI.textModel, imageModel: config.openAI.imageModel,
                                                tokenLimitField: field)
        configuration.retry.onFailure = onFailure
        configuration.meter = meter
        return configuration
    }
}
