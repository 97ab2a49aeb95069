import StoryDomain

/// How to reach an OpenAI-compatible server (OpenAI itself, Ollama's `/v1` layer, vLLM…) and
/// how to talk to it. Every model id comes from here, never from code.
///
/// The key is a secret: ``description`` and the mirror redact it, and it travels only in the
/// `Authorization` header.
public struct OpenAIConfiguration: Sendable, CustomStringConvertible, CustomReflectable {
    /// How the story's JSON shape is requested.
    public enum StructuredOutput: Sendable, Equatable {
        /// `response_format: json_schema` with a strict schema (OpenAI, recent Ollama).
        case jsonSchema
        /// `response_format: json_object`, with the shape spelled out in the prompt (older servers).
        case jsonMode
    }

    /// The name of the output-token limit in the request body.
    public enum TokenLimitField: String, Sendable, Equatable {
        /// OpenAI's current field (counts reasoning tokens).
        case maxCompletionTokens = "max_completion_tokens"
        /// The deprecated field, the only one Ollama and many compatible servers honour.
        case maxTokens = "max_tokens"
    }

    public static let openAIURL = "https://api.openai.com/v1"
    public static let ollamaURL = "http://127.0.0.1:11434/v1"

    /// The base URL including the version path, e.g. `https://api.openai.com/v1` (no trailing slash).
    public var apiURL: String
    /// Sent as `Authorization: Bearer …`; nil for local servers that need no key (no header is sent).
    public var apiKey: String?
    public var textModel: String
    /// The model for `images/generations`; nil when the server paints no pictures (Ollama).
    public var imageModel: String?
    public var structuredOutput: StructuredOutput
    public var tokenLimitField: TokenLimitField
    public var maxOutputTokens: Int
    /// Sent explicitly: Ollama's compatibility layer otherwise forces 1.0.
    public var temperature: Double
    /// `WxH` for `images/generations`.
    public var imageSize: String
    public var textTimeout: Duration
    public var imageTimeout: Duration
    /// Calls in flight at once per writer or illustrator (unless they share a limiter).
    public var maxConcurrentCalls: Int
    public var retry: ProviderRetry
    /// Counts every request and holds the day's model-call budgets (nil: not counted).
    public var meter: ModelCallMeter?

    public init(apiURL: String = Self.openAIURL, apiKey: String?, textModel: String, imageModel: String?,
                structuredOutput: StructuredOutput = .jsonSchema, tokenLimitField: TokenLimitField = .maxCompletionTokens,
                maxOutputTokens: Int = 4_096, temperature: Double = 0.8, imageSize: String = "1536x1024",
                textTimeout: Duration = .seconds(120), imageTimeout: Duration = .seconds(180),
                maxConcurrentCalls: Int = 3, retry: ProviderRetry = ProviderRetry()) {
        self.apiURL = apiURL.hasSuffix("/") ? String(apiURL.dropLast()) : apiURL
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.textModel = textModel
        self.imageModel = imageModel
        self.structuredOutput = structuredOutput
        self.tokenLimitField = tokenLimitField
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
        self.imageSize = imageSize
        self.textTimeout = textTimeout
        self.imageTimeout = imageTimeout
        self.maxConcurrentCalls = maxConcurrentCalls
        self.retry = retry
    }

    /// OpenAI's API: strict JSON schema, `max_completion_tokens`, a key.
    public static func openAI(apiKey: String, textModel: String, imageModel: String?,
                              apiURL: String = openAIURL) -> Self {
        Self(apiURL: apiURL, apiKey: apiKey, textModel: textModel, imageModel: imageModel)
    }

    /// Ollama's OpenAI-compatible layer (also fits vLLM and similar): no key, `max_tokens`, a
    /// cooler temperature for small models, no pictures unless `imageModel` names one. JSON
    /// schema is tried first; a server that refuses it is asked for JSON mode instead.
    public static func ollama(textModel: String, apiURL: String = ollamaURL, apiKey: String? = nil,
                              imageModel: String? = nil) -> Self {
        Self(apiURL: apiURL, apiKey: apiKey, textModel: textModel, imageModel: imageModel,
             tokenLimitField: .maxTokens, temperature: 0.6)
    }

    public var description: String {
        "OpenAIConfiguration(apiURL: \(apiURL), apiKey: \(apiKey == nil ? "none" : "<redacted>"), "
            + "textModel: \(textModel), imageModel: \(imageModel ?? "none"), structuredOutput: \(structuredOutput), "
            + "tokenLimitField: \(tokenLimitField.rawValue))"
    }

    /// Like ``description``: `dump` and debuggers never show the key.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "apiURL": apiURL, "apiKey": apiKey == nil ? "none" : "<redacted>", "textModel": textModel,
            "imageModel": imageModel ?? "none", "structuredOutput": structuredOutput,
            "tokenLimitField": tokenLimitField, "maxConcurrentCalls": maxConcurrentCalls,
        ], displayStyle: .struct)
    }
}
