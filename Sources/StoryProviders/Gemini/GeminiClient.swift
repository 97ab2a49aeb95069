import Foundation
import StoryDomain
import NIOHTTP1

/// One Gemini API call (`generateContent`, or Imagen's `predict`) with the plumbing every
/// provider shares: the key in the `x-goog-api-key` header (never the URL), a permit from
/// the instance's ``ConcurrencyLimiter`` for each attempt, retries of transient HTTP failures,
/// and classification of error answers.
///
/// Judging a 200 answer's content (blocked, truncated, empty) is the caller's job: those are
/// not retried here.
struct GeminiClient: Sendable {
    /// Names the provider in errors and logs.
    let provider: String
    let configuration: GeminiConfiguration
    let http: ProviderHTTPClient
    let limiter: ConcurrencyLimiter

    init(provider: String, configuration: GeminiConfiguration, http: ProviderHTTPClient) {
        self.provider = provider
        self.configuration = configuration
        self.http = http
        limiter = ConcurrencyLimiter(limit: configuration.maxConcurrentCalls)
    }

    func generateContent(_ body: GeminiWire.GenerateContentRequest, model: String,
                         timeout: Duration) async throws -> GeminiWire.GenerateContentResponse {
        try await call("generateContent", model: model, body: body, timeout: timeout)
    }

    /// POSTs `body` to `{apiURL}/models/{model}:{method}` and decodes a 2xx answer.
    func call<Body: Encodable & Sendable, Answer: Decodable & Sendable>(_ method: String, model: String, body: Body,
                                                                         timeout: Duration) async throws -> Answer {
        let payload = try JSONEncoder().encode(body)
        let id = model.hasPrefix("models/") ? String(model.dropFirst("models/".count)) : model
        let url = "\(configuration.apiURL)/models/\(id):\(method)"
        let headers = [("x-goog-api-key", configuration.apiKey)]
        let classifier = GeminiErrorClassifier(provider: provider, secret: configuration.apiKey)
        let answer = try await configuration.retry.run { _ in
            let response = try await limiter.withPermit {
                try await http.postJSON(provider: provider, operation: "\(id):\(method)", url: url, headers: headers,
                                        body: payload, timeout: timeout)
            }
            guard (200..<300).contains(response.status) else {
                throw classifier.error(status: response.status, retryAfterHeader: response.headers.first(name: "Retry-After"),
                                       body: response.body)
            }
            return response.body
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: answer)
        } catch {
            throw ProviderError.unusableOutput(provider: provider, reason: "the answer was not the expected JSON")
        }
    }
}
