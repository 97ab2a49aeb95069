import Foundation
import StoryDomain

/// Paints pages with Gemini native image output (`generateContent` with an image model), sending
/// the previous page's picture along so the characters stay the same.
///
/// An answer without a picture (declined, `IMAGE_SAFETY`, `NO_IMAGE`, unreadable bytes) is tried
/// once more with a plainer prompt and no reference picture, then fails with
/// ``ProviderError/blocked(provider:reason:)`` or ``ProviderError/unusableOutput(provider:reason:)``.
public struct GeminiIllustrator: Illustrator {
    public let name = "gemini"
    private let client: GeminiClient
    private let model: String
    private let timeout: Duration
    private let validator: ImageValidator

    /// An illustrator with its own limit of `configuration.maxConcurrentCalls` calls at once.
    public init(configuration: GeminiConfiguration, http: ProviderHTTPClient, validator: ImageValidator = ImageValidator()) {
        client = GeminiClient(provider: "gemini", configuration: configuration, http: http)
        model = configuration.imageModel
        timeout = configuration.imageTimeout
        self.validator = validator
    }

    public func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        do {
            return try await paint(StoryPrompt.imagePrompt(for: request), references: [request.previous].compactMap { $0 } + request.references)
        } catch let error as ProviderError {
            switch error {
            case .blocked, .unusableOutput:
                return try await paint(Self.plainPrompt(for: request), references: [])
            default:
                throw error
            }
        }
    }

    /// Paints `prompt` with the previous page's picture and the heroes' kept pictures (at most
    /// four) as references.
    private func paint(_ prompt: String, references: [Illustration]) async throws -> Illustration {
        var parts: [GeminiWire.Part] = [.text(prompt)]
        for reference in references.prefix(4) {
            parts.append(.image(GeminiWire.Blob(mimeType: reference.contentType, data: reference.data.base64EncodedString())))
        }
        let body = GeminiWire.GenerateContentRequest(
            contents: [GeminiWire.Content(role: "user", parts: parts)],
            generationConfig: GeminiWire.GenerationConfig(responseModalities: ["TEXT", "IMAGE"],
                                                          imageConfig: GeminiWire.ImageConfig(aspectRatio: "3:2")),
            safetySettings: GeminiWire.SafetySetting.strictest)
        let answer = try await client.generateContent(body, model: model, timeout: timeout)
        let picture = try answer.image(provider: name)
        let checked: ImageValidator.Checked
        do {
            checked = try validator.validate(picture.data)
        } catch {
            throw ProviderError.unusableOutput(provider: name, reason: "the picture is not a usable image (\(error))")
        }
        return Illustration(data: picture.data, contentType: checked.contentType, width: checked.width,
                            height: checked.height, usage: answer.usage(provider: name, model: model, images: 1))
    }

    /// The fallback: only the characters' looks, the place, the light and the action.
    static func plainPrompt(for request: IllustrationRequest) -> String {
        let sheet = request.sheet
        let cast = [sheet.hero.looks] + sheet.friends.map(\.looks) + (sheet.companion.map { [$0.looks] } ?? [])
        let scene = request.page.scene
        return "A gentle children's picture-book illustration in soft watercolour, no text: "
            + "\(cast.joined(separator: " and ")), \(Self.words(scene.action.rawValue)) in \(sheet.settingDescription), "
            + "\(Self.words(scene.timeOfDay.rawValue)) light."
    }

    /// `goldenHour` → `golden hour`.
    private static func words(_ camelCase: String) -> String {
        camelCase.reduce(into: "") { text, character in
            text += character.isUppercase ? " " + character.lowercased() : String(character)
        }
    }
}
