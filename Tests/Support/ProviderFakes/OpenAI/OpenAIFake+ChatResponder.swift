extension OpenAIFake {
    /// Answers `POST /v1/chat/completions`: checks the request as the flavor's server would,
    /// then replies with a story (or with the injected fault).
    struct ChatResponder: Sendable {
        let flavor: Flavor

        func reply(to body: JSON?, fault: Fault?, serial: Int) -> Reply {
            if let problem = requestProblem(body) { return problem }
            if let failure = Reply.failure(for: fault, flavor: flavor) { return failure }
            guard let body else { return .error(400, "Invalid JSON body.") }

            let composer = StoryComposer(chatRequest: body)
            let story = composer.text()
            var content: String? = story
            var refusal: String?
            var finishReason = "stop"
            switch fault {
            case .refusal:
                content = nil
                refusal = "I'm sorry, but I can't help with that request."
            case .contentFilter:
                content = nil
                finishReason = "content_filter"
            case .truncated:
                content = String(story.prefix(story.count / 2))
                finishReason = "length"
            case .malformedJSON:
                content = #"Here is your story! {"title": "\#(composer.hero)", "pages": [{"text": "Once upon a"#
            case .wrongPageCount:
                content = composer.text(pages: composer.pageCount + 1)
            default:
                break
            }
            // The flavor's token limit is honoured at about four characters a token.
            let limitField = flavor == .openAI ? "max_completion_tokens" : "max_tokens"
            if let limit = body[limitField]?.int, let text = content, text.count > limit * 4 {
                content = String(text.prefix(limit * 4))
                finishReason = "length"
            }
            let promptCharacters = (body["messages"]?.array ?? []).compactMap { $0["content"]?.string }.reduce(0) { $0 + $1.count }
            let promptTokens = promptCharacters / 4 + 1
            let completionTokens = (content?.count ?? 0) / 4 + 1
            return .ok([
                "id": .string("chatcmpl-fake-\(serial)"), "object": "chat.completion", "created": 1_726_012_687,
                "model": body["model"] ?? .null,
                "choices": [[
                    "index": 0, "logprobs": .null, "finish_reason": .string(finishReason),
                    "message": ["role": "assistant", "content": content.map(JSON.string) ?? .null,
                                "refusal": refusal.map(JSON.string) ?? .null],
                ]],
                "usage": ["prompt_tokens": .number(Double(promptTokens)), "completion_tokens": .number(Double(completionTokens)),
                          "total_tokens": .number(Double(promptTokens + completionTokens))],
            ])
        }

        /// What the flavor's server would refuse in the request, if anything.
        private func requestProblem(_ body: JSON?) -> Reply? {
            guard let body, body.object != nil else { return .error(400, "We could not parse the JSON body of your request.") }
            guard let model = body["model"]?.string, !model.isEmpty else {
                return .error(400, "you must provide a model parameter", param: "model")
            }
            guard let messages = body["messages"]?.array, !messages.isEmpty,
                  messages.allSatisfy({ $0["role"]?.string != nil && $0["content"]?.string != nil }) else {
                return .error(400, "'messages' must be a non-empty array of {role, content}.", param: "messages")
            }
            if flavor == .openAI, body["max_tokens"] != nil {
                return .error(400, "Unsupported parameter: 'max_tokens' is not supported with this model. "
                    + "Use 'max_completion_tokens' instead.", code: "unsupported_parameter", param: "max_tokens")
            }
            let format = body["response_format"]
            switch format?["type"]?.string {
            case "json_schema":
                if flavor == .ollama {
                    return .error(400, "invalid response_format type \"json_schema\": only \"json_object\" is supported",
                                  param: "response_format")
                }
                return schemaProblem(format?["json_schema"])
            case "json_object":
                let mentionsJSON = messages.contains { $0["content"]?.string?.lowercased().contains("json") == true }
                return mentionsJSON ? nil : .error(400, "'messages' must contain the word 'json' in some form, "
                    + "to use 'response_format' of type 'json_object'.", param: "messages")
            case nil, "text":
                return nil
            case let other:
                return .error(400, "Invalid value: '\(other ?? "")'. Supported values are: 'json_object', 'json_schema', and 'text'.",
                              code: "invalid_value", param: "response_format.type")
            }
        }

        /// OpenAI's strict-mode rules: a valid name, `strict: true`, and every object closed
        /// (`additionalProperties: false`) with all its properties required.
        private func schemaProblem(_ format: JSON?) -> Reply? {
            let name = format?["name"]?.string ?? ""
            guard name.wholeMatch(of: /[a-zA-Z0-9_-]{1,64}/) != nil else {
                return .error(400, "Invalid 'response_format.json_schema.name': string does not match pattern.",
                              code: "invalid_value", param: "response_format.json_schema.name")
            }
            guard format?["strict"]?.bool == true else {
                return .error(400, "The fake expects strict structured outputs ('strict': true).", param: "response_format")
            }
            guard let schema = format?["schema"], let problem = Self.strictProblem(schema, context: "()") else { return nil }
            return .error(400, "Invalid schema for response_format '\(name)': In context=\(problem).",
                          code: "invalid_json_schema", param: "response_format")
        }

        static func strictProblem(_ node: JSON, context: String) -> String? {
            switch node["type"]?.string {
            case "object":
                guard node["additionalProperties"]?.bool == false else {
                    return "\(context), 'additionalProperties' is required to be supplied and to be false"
                }
                let properties = node["properties"]?.object ?? [:]
                let required = Set((node["required"]?.array ?? []).compactMap(\.string))
                guard required == Set(properties.keys) else {
                    return "\(context), 'required' is required to be supplied and to be an array including every key in properties"
                }
                return properties.sorted { $0.key < $1.key }.lazy
                    .compactMap { strictProblem($0.value, context: "\(context).properties.\($0.key)") }.first
            case "array":
                guard let items = node["items"] else { return "\(context), 'items' is required" }
                return strictProblem(items, context: "\(context).items")
            case "string", "number", "integer", "boolean", "null":
                return nil
            default:
                return "\(context), 'type' is missing or not supported"
            }
        }
    }
}
