import Foundation

/// Checks a request body the way the fake expects the bot to write it, following the documented
/// shapes: structured output with upper-case schema types, all four safety categories at the
/// strictest level and a system instruction for stories; `IMAGE` output for pictures.
struct GeminiFakeInspector: Sendable {
    static let safetyCategories = [
        "HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_HATE_SPEECH",
        "HARM_CATEGORY_SEXUALLY_EXPLICIT", "HARM_CATEGORY_DANGEROUS_CONTENT",
    ]

    let body: GeminiFakeJSON

    /// Everything wrong with the body for a request of `kind`.
    func problems(for kind: GeminiFake.Kind) -> [String] {
        guard body.object != nil else { return ["the body is not a JSON object"] }
        switch kind {
        case .text: return conversationProblems() + textProblems()
        case .image: return conversationProblems() + imageProblems()
        case .imagen: return imagenProblems()
        }
    }

    /// All `user` text, joined by blank lines.
    var userText: String {
        (body["contents"]?.array ?? [])
            .filter { $0["role"]?.string != "model" }
            .flatMap { $0["parts"]?.array ?? [] }
            .compactMap { $0["text"]?.string }
            .joined(separator: "\n\n")
    }

    /// Whether any part carries `inlineData`.
    var sentImage: Bool {
        (body["contents"]?.array ?? []).flatMap { $0["parts"]?.array ?? [] }.contains { $0["inlineData"] != nil }
    }

    private func conversationProblems() -> [String] {
        var problems: [String] = []
        let topKeys = (body.object.map { Array($0.keys) } ?? []) + (body["generationConfig"]?.object.map { Array($0.keys) } ?? [])
        for key in topKeys where key.contains("_") {
            problems.append("snake_case field \(key): send lowerCamelCase")
        }
        guard let contents = body["contents"]?.array, !contents.isEmpty else { return problems + ["contents is empty"] }
        for (index, content) in contents.enumerated() {
            let expected = index.isMultiple(of: 2) ? "user" : "model"
            if content["role"]?.string != expected { problems.append("contents[\(index)].role must be \(expected)") }
            let parts = content["parts"]?.array ?? []
            if parts.isEmpty { problems.append("contents[\(index)].parts is empty") }
            for part in parts {
                if let text = part["text"], text.string?.isEmpty != false { problems.append("contents[\(index)] has an empty text part") }
                if let blob = part["inlineData"] {
                    let mime = blob["mimeType"]?.string ?? ""
                    let data = blob["data"]?.string.flatMap { Data(base64Encoded: $0) } ?? Data()
                    if !mime.hasPrefix("image/") || data.isEmpty { problems.append("contents[\(index)] has a bad inlineData image") }
                }
            }
        }
        if contents.count.isMultiple(of: 2) { problems.append("the last turn must be the user's") }
        return problems
    }

    private func textProblems() -> [String] {
        var problems: [String] = []
        let instruction = body["systemInstruction"]?["parts"]?[0]?["text"]?.string ?? ""
        if instruction.isEmpty { problems.append("systemInstruction is missing") }
        let config = body["generationConfig"]
        if config?["responseMimeType"]?.string != "application/json" {
            problems.append("generationConfig.responseMimeType must be application/json")
        }
        if let schema = config?["responseSchema"] {
            problems += schemaProblems(schema, at: "responseSchema")
        } else {
            problems.append("generationConfig.responseSchema is missing")
        }
        let settings = body["safetySettings"]?.array ?? []
        for category in Self.safetyCategories {
            let threshold = settings.first { $0["category"]?.string == category }?["threshold"]?.string
            if threshold != "BLOCK_LOW_AND_ABOVE" { problems.append("\(category) must be BLOCK_LOW_AND_ABOVE") }
        }
        return problems
    }

    private func schemaProblems(_ schema: GeminiFakeJSON, at path: String) -> [String] {
        guard let type = schema["type"]?.string else { return ["\(path).type is missing"] }
        var problems = type == type.uppercased() ? [] : ["\(path).type \(type) must be upper case"]
        for (name, property) in schema["properties"]?.object ?? [:] {
            problems += schemaProblems(property, at: "\(path).properties.\(name)")
        }
        if let items = schema["items"] { problems += schemaProblems(items, at: "\(path).items") }
        return problems
    }

    private func imageProblems() -> [String] {
        let modalities = body["generationConfig"]?["responseModalities"]?.array?.compactMap(\.string) ?? []
        return modalities.contains("IMAGE") ? [] : ["generationConfig.responseModalities must contain IMAGE"]
    }

    private func imagenProblems() -> [String] {
        var problems: [String] = []
        if (body["instances"]?[0]?["prompt"]?.string ?? "").isEmpty { problems.append("instances[0].prompt is missing") }
        if let count = body["parameters"]?["sampleCount"]?.intAllowingString, !(1...4).contains(count) {
            problems.append("parameters.sampleCount must be 1-4")
        }
        if body["parameters"]?["personGeneration"]?.string?.lowercased() == "allow_all" {
            problems.append("personGeneration allow_all is not supported")
        }
        return problems
    }
}
