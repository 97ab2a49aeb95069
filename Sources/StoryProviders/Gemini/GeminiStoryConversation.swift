import Foundation
import StoryDomain

/// The `generateContent` bodies for one story: the first request, and the repair turn that
/// shows the model its unusable answer and says what was wrong. Both carry the system
/// instruction, the structured-output schema and the strictest safety settings.
struct GeminiStoryConversation: Sendable {
    let prompt: StoryPrompt
    var temperature = 0.9
    /// A little cooler for the repair, so the model keeps to the rules.
    var repairTemperature = 0.6
    /// Room for the longest story plus JSON overhead (and any thinking).
    var maxOutputTokens = 4096

    func firstRequest() -> GeminiWire.GenerateContentRequest {
        body([.user(.text(prompt.user))], temperature: temperature)
    }

    /// The request after `previousAnswer` could not be used because of `problem`.
    func repairRequest(previousAnswer: String, problem: String) -> GeminiWire.GenerateContentRequest {
        let repair = prompt.repairMessage(for: problem)
        guard !previousAnswer.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            // Nothing to show back (a model turn may not be empty): ask afresh, with the reminder.
            return body([.user(.text(prompt.user + "\n\n" + repair))], temperature: repairTemperature)
        }
        return body([.user(.text(prompt.user)), .model(previousAnswer), .user(.text(repair))], temperature: repairTemperature)
    }

    private func body(_ contents: [GeminiWire.Content], temperature: Double) -> GeminiWire.GenerateContentRequest {
        GeminiWire.GenerateContentRequest(
            contents: contents,
            systemInstruction: .instruction(prompt.system),
            generationConfig: GeminiWire.GenerationConfig(temperature: temperature, maxOutputTokens: maxOutputTokens,
                                                          responseMimeType: "application/json",
                                                          responseSchema: Self.schema(pages: prompt.request.pageCount)),
            safetySettings: GeminiWire.SafetySetting.strictest)
    }

    /// `{title, pages: [{text, imagePrompt}], nextChoices}` with exactly `pages` pages and 2–3 ideas
    /// for the next chapter.
    static func schema(pages: Int) -> GeminiWire.Schema {
        .object([
            "title": .string("Short story title"),
            "pages": .array(of: .object([
                "text": .string("The words read aloud on this page"),
                "imagePrompt": .string("What the page's picture shows: characters, place, light, action; no text or names"),
            ]), count: pages...pages),
            "nextChoices": .array(of: .string("A calm small adventure for the next chapter in at most 8 words, naming no one"),
                                  count: 2...3),
        ])
    }
}
