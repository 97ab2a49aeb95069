/// The JSON the Gemini API speaks (v1beta, lowerCamelCase). Requests are built by the providers;
/// in responses every field is optional and every enum tolerates values added later.
enum GeminiWire {
    /// One turn of a conversation, or the system instruction.
    struct Content: Codable, Sendable {
        /// `user` or `model`; left out for the system instruction.
        var role: String?
        var parts: [Part]?

        static func user(_ parts: Part...) -> Content { Content(role: "user", parts: parts) }
        static func model(_ text: String) -> Content { Content(role: "model", parts: [.text(text)]) }
        static func instruction(_ text: String) -> Content { Content(role: nil, parts: [.text(text)]) }
    }

    /// A piece of a turn: text or inline bytes. `thought` parts are the model's reasoning, never the answer.
    struct Part: Codable, Sendable {
        var text: String?
        var inlineData: Blob?
        var thought: Bool?

        static func text(_ text: String) -> Part { Part(text: text) }
        static func image(_ blob: Blob) -> Part { Part(inlineData: blob) }
    }

    /// Inline bytes: a MIME type and standard base64 data.
    struct Blob: Codable, Sendable {
        var mimeType: String?
        var data: String?
    }
}
