extension GeminiWire {
    /// The answer of `generateContent`. Any field may be missing: no `candidates` when the
    /// prompt was blocked, no `content` (or `{}`) when the output was stopped.
    struct GenerateContentResponse: Decodable, Sendable {
        var candidates: [Candidate]?
        var promptFeedback: PromptFeedback?
        var usageMetadata: UsageMetadata?
    }

    struct Candidate: Decodable, Sendable {
        var content: Content?
        var finishReason: FinishReason?
        var finishMessage: String?
    }

    /// Present when the prompt itself was judged.
    struct PromptFeedback: Decodable, Sendable {
        var blockReason: BlockReason?
        var blockReasonMessage: String?
    }

    /// Token counts; any may be missing (counted as zero).
    struct UsageMetadata: Decodable, Sendable {
        var promptTokenCount: Int?
        var candidatesTokenCount: Int?
        var thoughtsTokenCount: Int?
        var totalTokenCount: Int?
    }
}
