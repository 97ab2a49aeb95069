import AsyncHTTPClient
import Foundation
import Logging

/// Posts to an OpenAI-compatible server's `chat/completions` and `images/generations`, with the
/// key only in the `Authorization` header (none when no key is configured), and turns every
/// failure into a ``ProviderError``.
struct OpenAIClient: Sendable {
    /// The provider's name in errors, logs and usage.
    static let provider = "openai"

    private let configuration: OpenAIConfiguration
    private let http: ProviderHTTPClient
    private let classifier: OpenAIErrorClassifier

    init(configuration: OpenAIConfiguration, httpClient: HTTPClient, logger: Logger) {
        self.configuration = configuration
        http = ProviderHTTPClient(httpClient: httpClient, logger: logger, meter: configuration.meter)
        classifier = OpenAIErrorClassifier(provider: Self.provider, redactor: SecretRedactor(secret: configuration.apiKey))
    }

    func chatCompletion(_ request: OpenAIWire.ChatRequest) async throws -> OpenAIWire.ChatResponse {
        try await post("chat/completions", body: request, operation: request.model, timeout: configuration.textTimeout)
    }

    func generateImage(_ request: OpenAIWire.ImageRequest) async throws -> OpenAIWire.ImageResponse {
        try await post("images/generations", body: request, operation: request.model, timeout: configuration.imageTimeout)
    }

    private func post<Body: Encodable, Answer: Decodable>(_ path: String, body: Body, operation: String,
                                                          timeout: Duration) async throws -> Answer {
        var headers = [("Accept", "application/json")]
        if let key = configuration.apiKey { headers.append(("Authorization", "Bearer \(key)")) }
        let response = try await http.postJSON(provider: Self.provider, operation: operation,
                                               url: "\(configuration.apiURL)/\(path)", headers: headers,
                                               body: try JSONEncoder().encode(body), timeout: timeout)
        guard (200..<300).contains(response.status) else {
            throw classifier.error(status: response.status, headers: response.headers, body: response.body)
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw ProviderError.unavailable(provider: Self.provider, status: response.status, detail: "unreadable response body")
        }
    }
}
