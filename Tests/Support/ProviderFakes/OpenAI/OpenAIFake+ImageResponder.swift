import Foundation

extension OpenAIFake {
    /// Answers `POST /v1/images/generations` as OpenAI does (Ollama has no such route): checks
    /// the parameters per model family and returns a real PNG as `b64_json`.
    struct ImageResponder: Sendable {
        let flavor: Flavor

        /// The size of the PNG returned, whatever size was asked for.
        static let pictureSize = (width: 96, height: 64)
        static let gptImageSizes: Set<String> = ["1024x1024", "1536x1024", "1024x1536", "auto"]

        func reply(to body: JSON?, fault: Fault?) -> Reply {
            guard flavor == .openAI else { return .ollamaError(404, "404 page not found") }
            guard let body, let model = body["model"]?.string, !model.isEmpty else {
                return .error(400, "The fake requires an explicit 'model' (OpenAI would fall back to dall-e-2).", param: "model")
            }
            guard let prompt = body["prompt"]?.string, !prompt.isEmpty else {
                return .error(400, "Missing required parameter: 'prompt'.", param: "prompt")
            }
            let isDallE = model.hasPrefix("dall-e")
            if !isDallE, body["response_format"] != nil {
                return .error(400, "Unknown parameter: 'response_format'.", code: "unknown_parameter", param: "response_format")
            }
            if !isDallE, let size = body["size"]?.string, !Self.gptImageSizes.contains(size) {
                return .error(400, "Invalid value: '\(size)'. Supported values are: 'auto', '1024x1024', '1024x1536', and '1536x1024'.",
                              code: "invalid_value", param: "size")
            }
            if let n = body["n"], n.int != 1 {
                return .error(400, "The fake paints one picture per call ('n': 1).", param: "n")
            }
            if let failure = Reply.failure(for: fault, flavor: flavor) { return failure }

            let image: JSON
            if isDallE, body["response_format"]?.string != "b64_json" {
                image = ["url": "https://example.invalid/picture.png", "revised_prompt": .string(prompt)]
            } else if fault == .malformedJSON {
                image = ["b64_json": .string(Data("not a picture".utf8).base64EncodedString())]
            } else {
                image = ["b64_json": .string(Data(Self.picture(for: prompt)).base64EncodedString())]
            }
            return .ok([
                "created": 1_726_012_687, "data": [image], "output_format": "png",
                "usage": ["input_tokens": .number(Double(prompt.count / 4)), "output_tokens": 1_056,
                          "total_tokens": .number(Double(prompt.count / 4 + 1_056))],
            ])
        }

        /// A solid picture whose colour depends on the prompt, so pages differ.
        static func picture(for prompt: String) -> [UInt8] {
            let hash = prompt.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
            return SolidPNG.make(width: pictureSize.width, height: pictureSize.height,
                                 red: UInt8(truncatingIfNeeded: hash), green: UInt8(truncatingIfNeeded: hash >> 8),
                                 blue: UInt8(truncatingIfNeeded: hash >> 16))
        }
    }
}
