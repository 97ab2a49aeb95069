extension GeminiWire {
    /// The body of `POST models/{model}:generateContent`.
    struct GenerateContentRequest: Encodable, Sendable {
        var contents: [Content]
        var systemInstruction: Content?
        var generationConfig: GenerationConfig?
        var safetySettings: [SafetySetting]?
    }

    /// Sampling, output format and modality settings.
    struct GenerationConfig: Encodable, Sendable {
        var temperature: Double?
        var maxOutputTokens: Int?
        var responseMimeType: String?
        var responseSchema: Schema?
        var responseModalities: [String]?
        var imageConfig: ImageConfig?
    }

    /// Picture settings for image models.
    struct ImageConfig: Encodable, Sendable {
        var aspectRatio: String?
    }

    /// A harm category and the probability from which it is blocked.
    struct SafetySetting: Encodable, Sendable, Equatable {
        var category: String
        var threshold: String

        /// Every category the Developer API accepts, at the strictest configurable level: these
        /// stories are for small children.
        static let strictest: [SafetySetting] = [
            "HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_HATE_SPEECH",
            "HARM_CATEGORY_SEXUALLY_EXPLICIT", "HARM_CATEGORY_DANGEROUS_CONTENT",
        ].map { SafetySetting(category: $0, threshold: "BLOCK_LOW_AND_ABOVE") }
    }
}
