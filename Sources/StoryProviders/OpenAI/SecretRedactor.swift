import Foundation

/// Removes a key from text that may end up in errors or logs: the configured key itself, bearer
/// tokens, and OpenAI-shaped keys (its 401 message echoes a masked `sk-…` key).
struct SecretRedactor: Sendable {
    let secret: String?

    func redact(_ text: String) -> String {
        var result = text
        if let secret, !secret.isEmpty {
            result = result.replacingOccurrences(of: secret, with: "<redacted>")
        }
        result = result.replacingOccurrences(of: #"(?i)bearer\s+\S+"#, with: "Bearer <redacted>", options: .regularExpression)
        return result.replacingOccurrences(of: #"sk-[A-Za-z0-9_*\-]{3,}"#, with: "sk-<redacted>", options: .regularExpression)
    }
}
