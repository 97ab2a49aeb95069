import Foundation
import StoryDomain

/// Paints pages with Imagen's legacy `:predict` endpoint. Google is retiring Imagen on the Gemini
/// API, so expect a 404, reported as ``ProviderError/rejected(provider:status:detail:)`` with a
/// pointer to `IMAGE_PROVIDER=gemini` (``GeminiIllustrator``).
public struct ImagenIllustrator: Illustrator {
    public let name = "imagen"
    private let client: GeminiClient
    private let model: String
    private let timeout: Duration
    private let validator: ImageValidator

    /// Uses `configuration.imageModel` (an `imagen-*` model).
    public init(configuration: GeminiConfiguration, http: ProviderHTTPClient, validator: ImageValidator = ImageValidator()) {
        client = GeminiClient(provider: "imagen", configuration: configuration, http: http)
        model = configuration.imageModel
        timeout = configuration.imageTimeout
        self.validator = validator
    }

    public func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        let body = ImagenWire.PredictRequest(
            instances: [ImagenWire.Instance(prompt: StoryPrompt.imagePrompt(for: request))],
            parameters: ImagenWire.Parameters(sampleCount: 1, aspectRatio: "4:3", personGeneration: "dont_allow",
                                              safetySetting: "block_low_and_above", includeRaiReason: true))
        let answer: ImagenWire.PredictResponse
        do {
            answer = try await client.call("predict", model: model, body: body, timeout: timeout)
        } catch let ProviderError.rejected(provider, status, _) where status == 404 {
            throw ProviderError.rejected(provider: provider, status: status,
                                         detail: "Imagen model \(model) is not available: Imagen on the Gemini API is retired. "
                                             + "Set IMAGE_PROVIDER=gemini to use Gemini native image output")
        }
        let predictions = answer.predictions ?? []
        guard let encoded = predictions.lazy.compactMap(\.bytesBase64Encoded).first else {
            let reason = predictions.lazy.compactMap(\.raiFilteredReason).first ?? "no picture came back"
            throw ProviderError.blocked(provider: name, reason: String(reason.prefix(200)))
        }
        guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
            throw ProviderError.unusableOutput(provider: name, reason: "the picture was not valid base64")
        }
        let checked: ImageValidator.Checked
        do {
            checked = try validator.validate(data)
        } catch {
            throw ProviderError.unusableOutput(provider: name, reason: "the picture is not a usable image (\(error))")
        }
        return Illustration(data: data, contentType: checked.contentType, width: checked.width, height: checked.height,
                            usage: ProviderUsage(provider: name, model: model, images: 1))
    }
}
