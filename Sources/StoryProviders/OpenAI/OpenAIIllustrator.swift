import AsyncHTTPClient
import Foundation
import Logging
import StoryDomain

/// Paints pages with an OpenAI-compatible `images/generations` model (GPT image or dall-e).
///
/// That endpoint takes no input picture, so ``IllustrationRequest/previous`` is not sent: the
/// pages stay consistent because every prompt carries the same character sheet. Pictures come
/// back as base64 and are checked with ``ImageValidator``; a prompt refused by moderation is
/// ``ProviderError/blocked(provider:reason:)``.
public struct OpenAIIllustrator: Illustrator {
    public let name = OpenAIClient.provider

    private let configuration: OpenAIConfiguration
    private let client: OpenAIClient
    private let limiter: ConcurrencyLimiter
    private let validator: ImageValidator

    /// - Parameter limiter: shared with other providers to cap calls together; by default the
    ///   illustrator has its own with `configuration.maxConcurrentCalls` permits.
    public init(configuration: OpenAIConfiguration, httpClient: HTTPClient, logger: Logger,
                limiter: ConcurrencyLimiter? = nil, validator: ImageValidator = ImageValidator()) {
        self.configuration = configuration
        client = OpenAIClient(configuration: configuration, httpClient: httpClient, logger: logger)
        self.limiter = limiter ?? ConcurrencyLimiter(limit: configuration.maxConcurrentCalls)
        self.validator = validator
    }

    /// Throws ``ProviderError/rejected(provider:status:detail:)`` without calling the server
    /// when the configuration names no image model.
    public func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        guard let model = configuration.imageModel else {
            throw ProviderError.rejected(provider: name, status: 404, detail: "no image model is configured")
        }
        let isDallE = model.lowercased().hasPrefix("dall-e")
        let body = OpenAIWire.ImageRequest(model: model, prompt: Self.prompt(for: request, model: model), n: 1,
                                           size: configuration.imageSize,
                                           responseFormat: isDallE ? "b64_json" : nil)
        let response = try await configuration.retry.run { [client, limiter] _ in
            try await limiter.withPermit { try await client.generateImage(body) }
        }
        guard let encoded = response.data?.first?.b64JSON, let data = Data(base64Encoded: encoded) else {
            throw ProviderError.unusableOutput(provider: name, reason: "the answer held no base64 picture")
        }
        let checked: ImageValidator.Checked
        do {
            checked = try validator.validate(data)
        } catch {
            throw ProviderError.unusableOutput(provider: name, reason: "the picture is not usable (\(error))")
        }
        let usage = ProviderUsage(provider: name, model: model, inputTokens: response.usage?.inputTokens ?? 0,
                                  outputTokens: response.usage?.outputTokens ?? 0, images: 1)
        return Illustration(data: data, contentType: checked.contentType, width: checked.width,
                            height: checked.height, usage: usage)
    }

    /// The shared picture prompt plus a reminder that the sheet is the only link between pages,
    /// cut to the model's prompt limit.
    static func prompt(for request: IllustrationRequest, model: String) -> String {
        let prompt = StoryPrompt.imagePrompt(for: request) + "\n"
            + "This is one page of a picture book: draw every character exactly as the character sheet above "
            + "describes them, so that they look the same on every page."
        let limit = switch model.lowercased() {
        case let name where name.hasPrefix("dall-e-2"): 1_000
        case let name where name.hasPrefix("dall-e"): 4_000
        default: 32_000
        }
        return String(prompt.prefix(limit))
    }
}
