import Foundation

/// Turns a non-2xx Gemini answer into a ``ProviderError``: 429 becomes a rate limit with the
/// server's `RetryInfo` hint, or an exhausted quota when a daily quota ran out; 400/401/403/404
/// are refusals; 408 and 5xx are outages. Text from the server is shortened, and the key is
/// cut out should the server ever echo it.
struct GeminiErrorClassifier: Sendable {
    let provider: String
    /// Never allowed into error text.
    let secret: String

    func error(status: Int, retryAfterHeader: String?, body: Data) -> ProviderError {
        let rpc = (try? JSONDecoder().decode(GeminiWire.ErrorEnvelope.self, from: body))?.error
        let detail = summary(rpc, status: status)
        switch status {
        case 429:
            return rateLimit(rpc, retryAfterHeader: retryAfterHeader, detail: detail)
        case 408, 499, 500...:
            return .unavailable(provider: provider, status: status, detail: detail)
        case 400..<500:
            return .rejected(provider: provider, status: status, detail: detail)
        default:
            return .unavailable(provider: provider, status: status, detail: "unexpected answer: \(detail)")
        }
    }

    private func rateLimit(_ rpc: GeminiWire.Status?, retryAfterHeader: String?, detail: String) -> ProviderError {
        let details = rpc?.details ?? []
        let quotaIDs = details.flatMap { $0.violations ?? [] }.compactMap(\.quotaId)
        if let daily = quotaIDs.first(where: { $0.localizedCaseInsensitiveContains("PerDay") || $0.localizedCaseInsensitiveContains("Daily") }) {
            return .quotaExhausted(provider: provider, detail: "daily quota used up (\(redacted(daily)))")
        }
        let hint = details.compactMap(\.retryDelay).first.flatMap(Duration.retryHint)
            ?? rpc?.message.flatMap(Self.retryHint(inMessage:))
            ?? retryAfterHeader.flatMap(Duration.retryHint)
        return .rateLimited(provider: provider, retryAfter: hint)
    }

    /// The wait in a message ending "… Please retry in 23.47s."
    static func retryHint(inMessage message: String) -> Duration? {
        guard let range = message.range(of: "retry in ", options: [.caseInsensitive, .backwards]) else { return nil }
        let value = message[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "m" || $0 == "s" }
        return Duration.retryHint(String(value.hasSuffix(".") ? value.dropLast() : value))
    }

    /// `STATUS REASON: message`, short and without the key.
    private func summary(_ rpc: GeminiWire.Status?, status: Int) -> String {
        let reasons = (rpc?.details ?? []).compactMap(\.reason)
        let head = ([rpc?.status ?? "HTTP \(status)"] + reasons).joined(separator: " ")
        guard let message = rpc?.message, !message.isEmpty else { return redacted(head) }
        // Redacted before it is cut: a key cut in half would no longer match.
        let whole = redacted(message)
        let short = whole.count > 240 ? whole.prefix(240) + "…" : whole[...]
        return redacted("\(head): \(short)")
    }

    private func redacted(_ text: String) -> String {
        secret.isEmpty ? text : text.replacingOccurrences(of: secret, with: "<redacted>")
    }
}
