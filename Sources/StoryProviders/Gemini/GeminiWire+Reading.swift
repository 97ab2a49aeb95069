import Foundation
import StoryDomain

extension GeminiWire.GenerateContentResponse {
    /// The first candidate's answer (thought parts skipped), after checking that neither the
    /// prompt nor the output was blocked and that the model finished normally.
    func answerParts(provider: String) throws(ProviderError) -> [GeminiWire.Part] {
        if let reason = promptFeedback?.blockReason {
            throw .blocked(provider: provider, reason: "the prompt was refused (\(reason.name))")
        }
        guard let candidate = candidates?.first else {
            throw .unusableOutput(provider: provider, reason: "the answer had no candidate")
        }
        let finish = candidate.finishReason ?? .stop
        if finish.isSafetyStop {
            throw .blocked(provider: provider, reason: "the answer was stopped (\(finish.name))")
        }
        switch finish {
        case .stop: break
        case .maxTokens: throw .unusableOutput(provider: provider, reason: "the answer was cut off at the token limit")
        default: throw .unusableOutput(provider: provider, reason: "the answer stopped early (\(finish.name))")
        }
        let parts = (candidate.content?.parts ?? []).filter { $0.thought != true }
        guard !parts.isEmpty else { throw .unusableOutput(provider: provider, reason: "the answer was empty") }
        return parts
    }

    /// The answer's text, checked as in ``answerParts(provider:)``.
    func text(provider: String) throws(ProviderError) -> String {
        let text = try answerParts(provider: provider).compactMap(\.text).joined()
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .unusableOutput(provider: provider, reason: "the answer had no text")
        }
        return text
    }

    /// Whatever text the first candidate holds, even when unusable: the model's turn in a repair.
    var rawText: String {
        (candidates?.first?.content?.parts ?? []).filter { $0.thought != true }.compactMap(\.text).joined()
    }

    /// The first picture of the answer (`inlineData` with an `image/*` type), checked as in ``answerParts(provider:)``.
    func image(provider: String) throws(ProviderError) -> (mimeType: String, data: Data) {
        for part in try answerParts(provider: provider) {
            guard let blob = part.inlineData, let mimeType = blob.mimeType, mimeType.lowercased().hasPrefix("image/"),
                  let base64 = blob.data, let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters)
            else { continue }
            return (mimeType, data)
        }
        throw .unusableOutput(provider: provider, reason: "the answer held no picture")
    }

    /// The tokens this answer used.
    func usage(provider: String, model: String, images: Int = 0) -> ProviderUsage {
        let counts = usageMetadata
        return ProviderUsage(provider: provider, model: model, inputTokens: counts?.promptTokenCount ?? 0,
                             outputTokens: (counts?.candidatesTokenCount ?? 0) + (counts?.thoughtsTokenCount ?? 0),
                             images: images)
    }
}
