import Foundation
import NIOHTTP1

/// Classifies an OpenAI-compatible server's non-2xx answer as a ``ProviderError``, honouring
/// `x-should-retry`, `retry-after-ms` and `retry-after`, and keeping keys out of the detail.
struct OpenAIErrorClassifier: Sendable {
    let provider: String
    let redactor: SecretRedactor

    /// Error codes an image call gets when moderation refuses the prompt.
    static let moderationCodes: Set<String> = ["moderation_blocked", "content_policy_violation"]
    /// The longest server message kept in an error.
    static let maxDetailLength = 300
    /// The most of an unparsed error body read; it is redacted before it is cut to
    /// ``maxDetailLength`` (a key cut in half would no longer match).
    static let maxBodyRead = 64 << 10

    func error(status: Int, headers: HTTPHeaders, body: Data) -> ProviderError {
        let parsed = try? JSONDecoder().decode(OpenAIWire.ErrorBody.self, from: body)
        let detail = detail(parsed?.message ?? String(decoding: body.prefix(Self.maxBodyRead), as: UTF8.self), status: status)
        let codes = Set([parsed?.code, parsed?.type].compactMap { $0?.lowercased() })
        let shouldRetry = headers.first(name: "x-should-retry")?.lowercased()

        if codes.contains("insufficient_quota") {
            return .quotaExhausted(provider: provider, detail: detail)
        }
        if status == 429 {
            guard shouldRetry != "false" else { return .quotaExhausted(provider: provider, detail: detail) }
            return .rateLimited(provider: provider, retryAfter: Self.retryAfter(headers))
        }
        if !codes.isDisjoint(with: Self.moderationCodes) {
            return .blocked(provider: provider, reason: detail)
        }
        if shouldRetry == "false" {
            return .rejected(provider: provider, status: status, detail: detail)
        }
        if shouldRetry == "true" || status == 408 || status == 409 || status >= 500 {
            return .unavailable(provider: provider, status: status, detail: detail)
        }
        return .rejected(provider: provider, status: status, detail: detail)
    }

    private func detail(_ message: String, status: Int) -> String {
        let cleaned = redactor.redact(message)
            .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? "HTTP \(status)" : String(cleaned.prefix(Self.maxDetailLength))
    }

    /// The server's wait hint: `retry-after-ms`, else `retry-after` in seconds or as an HTTP date.
    static func retryAfter(_ headers: HTTPHeaders) -> Duration? {
        if let text = headers.first(name: "retry-after-ms"), let milliseconds = Double(text), milliseconds >= 0 {
            return .milliseconds(milliseconds)
        }
        guard let text = headers.first(name: "retry-after") else { return nil }
        if let hint = Duration.retryHint(text) { return max(hint, .zero) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return .milliseconds(max(0, date.timeIntervalSinceNow) * 1000)
    }
}
