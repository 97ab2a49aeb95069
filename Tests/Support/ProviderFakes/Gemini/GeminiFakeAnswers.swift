import Foundation

/// The bodies the fake answers with, in the documented shapes: Google error envelopes,
/// `generateContent` answers (text, pictures, blocks) and Imagen `predict` answers.
enum GeminiFakeAnswers {
    /// A `google.rpc.Status` error envelope.
    static func error(code: Int, status: String, message: String, details: [GeminiFakeJSON] = []) -> GeminiFakeJSON {
        var error: GeminiFakeJSON = ["code": .number(Double(code)), "message": .string(message), "status": .string(status)]
        if !details.isEmpty, case var .object(members) = error {
            members["details"] = .array(details)
            error = .object(members)
        }
        return ["error": error]
    }

    static func invalidKey() -> GeminiFakeJSON {
        error(code: 400, status: "INVALID_ARGUMENT", message: "API key not valid. Please pass a valid API key.", details: [
            ["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com",
             "metadata": ["service": "generativelanguage.googleapis.com"]],
            ["@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US",
             "message": "API key not valid. Please pass a valid API key."],
        ])
    }

    static func rateLimited(model: String, retryDelay: String) -> GeminiFakeJSON {
        error(code: 429, status: "RESOURCE_EXHAUSTED",
              message: "You exceeded your current quota, please check your plan and billing details. Please retry in \(retryDelay).",
              details: [
                  quotaFailure(model: model, quotaID: "GenerateRequestsPerMinutePerProjectPerModel-FreeTier", value: "10"),
                  ["@type": "type.googleapis.com/google.rpc.Help",
                   "links": [["description": "Learn more about Gemini API quotas", "url": "https://ai.google.dev/gemini-api/docs/rate-limits"]]],
                  ["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": .string(retryDelay)],
              ])
    }

    static func dailyQuota(model: String) -> GeminiFakeJSON {
        error(code: 429, status: "RESOURCE_EXHAUSTED",
              message: "You exceeded your current quota, please check your plan and billing details. Please retry in 43.2s.",
              details: [
                  quotaFailure(model: model, quotaID: "GenerateRequestsPerDayPerProjectPerModel-FreeTier", value: "20"),
                  ["@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "43s"],
              ])
    }

    private static func quotaFailure(model: String, quotaID: String, value: String) -> GeminiFakeJSON {
        ["@type": "type.googleapis.com/google.rpc.QuotaFailure",
         "violations": [["quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                         "quotaId": .string(quotaID), "quotaDimensions": ["model": .string(model), "location": "global"],
                         "quotaValue": .string(value)]]]
    }

    static func notFound(model: String, method: String) -> GeminiFakeJSON {
        error(code: 404, status: "NOT_FOUND",
              message: "models/\(model) is not found for API version v1beta, or is not supported for \(method). "
                  + "Call ListModels to see the list of available models and their supported methods.")
    }

    /// A `generateContent` answer with one candidate.
    static func candidate(parts: [GeminiFakeJSON]?, finishReason: String, promptText: String, outputCharacters: Int,
                          model: String) -> GeminiFakeJSON {
        var candidate: [String: GeminiFakeJSON] = [
            "finishReason": .string(finishReason), "index": 0,
            "safetyRatings": .array(GeminiFakeInspector.safetyCategories.map {
                ["category": .string($0), "probability": finishReason == "SAFETY" ? "HIGH" : "NEGLIGIBLE"]
            }),
        ]
        if let parts { candidate["content"] = ["role": "model", "parts": .array(parts)] }
        return ["candidates": [.object(candidate)], "usageMetadata": usage(promptText, outputCharacters),
                "modelVersion": .string(model), "responseId": .string(UUID().uuidString)]
    }

    static func blockedPrompt(promptText: String, model: String) -> GeminiFakeJSON {
        ["promptFeedback": ["blockReason": "SAFETY", "safetyRatings": [
            ["category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH"],
        ]], "usageMetadata": usage(promptText, 0), "modelVersion": .string(model)]
    }

    private static func usage(_ promptText: String, _ outputCharacters: Int) -> GeminiFakeJSON {
        let input = max(1, promptText.count / 4), output = outputCharacters / 4
        return ["promptTokenCount": .number(Double(input)), "candidatesTokenCount": .number(Double(output)),
                "totalTokenCount": .number(Double(input + output))]
    }

    /// An `inlineData` part holding a PNG.
    static func picture(_ png: Data, thought: Bool = false) -> GeminiFakeJSON {
        var part: [String: GeminiFakeJSON] = ["inlineData": ["mimeType": "image/png", "data": .string(png.base64EncodedString())]]
        if thought { part["thought"] = true }
        return .object(part)
    }

    /// Imagen `predict`: one picture.
    static func prediction(_ png: Data) -> GeminiFakeJSON {
        ["predictions": [["bytesBase64Encoded": .string(png.base64EncodedString()), "mimeType": "image/png"]]]
    }

    /// Imagen `predict` when every picture was filtered.
    static let raiFiltered: GeminiFakeJSON = ["predictions": [[
        "raiFilteredReason": "Your current safety filter threshold filtered out 1 generated images. You will not be charged for blocked images. Support codes: 58061214",
    ]]]
}
