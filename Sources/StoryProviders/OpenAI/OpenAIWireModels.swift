/// The JSON bodies of the OpenAI-compatible endpoints. Requests send only what is set;
/// responses treat every field as optional, since compatible servers omit freely.
enum OpenAIWire {
    // MARK: Chat completions

    struct Message: Codable, Sendable, Equatable {
        var role: String
        var content: String

        static func system(_ text: String) -> Message { Message(role: "system", content: text) }
        static func user(_ text: String) -> Message { Message(role: "user", content: text) }
        static func assistant(_ text: String) -> Message { Message(role: "assistant", content: text) }
    }

    struct JSONSchemaFormat: Encodable, Sendable, Equatable {
        var name: String
        var description: String
        var schema: JSONSchema
        var strict: Bool
    }

    enum ResponseFormat: Encodable, Sendable, Equatable {
        case jsonSchema(JSONSchemaFormat)
        case jsonObject

        private enum CodingKeys: String, CodingKey {
            case type
            case jsonSchema = "json_schema"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case let .jsonSchema(format):
                try container.encode("json_schema", forKey: .type)
                try container.encode(format, forKey: .jsonSchema)
            case .jsonObject:
                try container.encode("json_object", forKey: .type)
            }
        }
    }

    struct ChatRequest: Encodable, Sendable {
        var model: String
        var messages: [Message]
        var temperature: Double
        var responseFormat: ResponseFormat
        var tokenLimit: Int
        /// Which name `tokenLimit` is sent under.
        var tokenLimitField: OpenAIConfiguration.TokenLimitField

        private enum CodingKeys: String, CodingKey {
            case model, messages, temperature
            case responseFormat = "response_format"
            case maxCompletionTokens = "max_completion_tokens"
            case maxTokens = "max_tokens"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(model, forKey: .model)
            try container.encode(messages, forKey: .messages)
            try container.encode(temperature, forKey: .temperature)
            try container.encode(responseFormat, forKey: .responseFormat)
            switch tokenLimitField {
            case .maxCompletionTokens: try container.encode(tokenLimit, forKey: .maxCompletionTokens)
            case .maxTokens: try container.encode(tokenLimit, forKey: .maxTokens)
            }
        }
    }

    enum FinishReason: Decodable, Sendable, Equatable {
        case stop, length, contentFilter
        case other(String)

        init(from decoder: any Decoder) throws {
            switch try decoder.singleValueContainer().decode(String.self) {
            case "stop": self = .stop
            case "length": self = .length
            case "content_filter": self = .contentFilter
            case let value: self = .other(value)
            }
        }
    }

    struct ChatResponse: Decodable, Sendable {
        struct Choice: Decodable, Sendable {
            struct Message: Decodable, Sendable {
                var content: String?
                var refusal: String?
            }

            var message: Message?
            var finishReason: FinishReason?

            private enum CodingKeys: String, CodingKey {
                case message
                case finishReason = "finish_reason"
            }
        }

        struct Usage: Decodable, Sendable {
            var promptTokens: Int?
            var completionTokens: Int?

            private enum CodingKeys: String, CodingKey {
                case promptTokens = "prompt_tokens"
                case completionTokens = "completion_tokens"
            }
        }

        var choices: [Choice]?
        var usage: Usage?
    }

    // MARK: Images

    struct ImageRequest: Encodable, Sendable {
        var model: String
        var prompt: String
        var n: Int
        var size: String
        /// `b64_json` for dall-e models; nil (left out) for GPT image models, which refuse it.
        var responseFormat: String?

        private enum CodingKeys: String, CodingKey {
            case model, prompt, n, size
            case responseFormat = "response_format"
        }
    }

    struct ImageResponse: Decodable, Sendable {
        struct Image: Decodable, Sendable {
            var b64JSON: String?
            var url: String?

            private enum CodingKeys: String, CodingKey {
                case b64JSON = "b64_json"
                case url
            }
        }

        struct Usage: Decodable, Sendable {
            var inputTokens: Int?
            var outputTokens: Int?

            private enum CodingKeys: String, CodingKey {
                case inputTokens = "input_tokens"
                case outputTokens = "output_tokens"
            }
        }

        var data: [Image]?
        var usage: Usage?
    }

    // MARK: Errors

    /// An error body in either shape: OpenAI's `{"error": {"message", "type", "code"}}` (also
    /// Ollama's `/v1` layer) or Ollama's native `{"error": "…"}`.
    struct ErrorBody: Decodable, Sendable {
        var message: String?
        var type: String?
        var code: String?

        private enum CodingKeys: String, CodingKey { case error }
        private enum DetailKeys: String, CodingKey { case message, type, code }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .error) {
                message = text
                return
            }
            let detail = try container.nestedContainer(keyedBy: DetailKeys.self, forKey: .error)
            message = try? detail.decodeIfPresent(String.self, forKey: .message)
            type = try? detail.decodeIfPresent(String.self, forKey: .type)
            // `code` is a string at OpenAI, sometimes a number elsewhere.
            code = (try? detail.decodeIfPresent(String.self, forKey: .code))
                ?? (try? detail.decodeIfPresent(Int.self, forKey: .code)).flatMap { $0.map(String.init) }
        }
    }
}
