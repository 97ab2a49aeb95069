import Foundation

/// One Discord REST endpoint call: the method, the concrete path, and what rate limiting needs to know.
///
/// ``template`` is safe to log; ``path`` may hold an interaction or webhook token and must never be
/// logged or reported. ``description`` prints the method and template only.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP methods Discord's REST API uses.
    public enum Method: String, Sendable, Hashable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    /// The HTTP method.
    public let method: Method
    /// The path with placeholders, e.g. `/channels/{channel_id}/messages`. Never contains a secret.
    public let template: String
    /// The concrete path below the API base URL. May contain a token: do not log it.
    public let path: String
    /// The top-level resource the bucket is scoped to (`channel:…`, `guild:…`, `webhook:…`);
    /// tokens appear only as a hash. Empty for routes without one.
    public let majorParameter: String
    /// Interaction callback and interaction webhook routes: exempt from the global limit and
    /// authenticated by the token in the path rather than the bot token.
    public let isInteraction: Bool

    /// Secret path segments, replaced by their placeholders in ``redact(_:)``.
    let secrets: [String]

    init(_ method: Method, template: String, path: String, majorParameter: String = "",
         isInteraction: Bool = false, secrets: [String] = []) {
        self.method = method
        self.template = template
        self.path = path
        self.majorParameter = majorParameter
        self.isInteraction = isInteraction
        self.secrets = secrets.filter { !$0.isEmpty }
    }

    /// `METHOD template`, e.g. `POST /channels/{channel_id}/messages`.
    public var description: String { "\(method.rawValue) \(template)" }

    /// Identifies the endpoint regardless of ids, until Discord names its bucket.
    var endpoint: String { description }

    /// `text` with the concrete path and every secret segment replaced.
    func redact(_ text: String) -> String {
        var result = text.replacingOccurrences(of: path, with: template)
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: "[redacted]")
        }
        return result
    }

    /// A stable, non-reversible tag for a token, for use in bucket keys.
    static func tokenTag(_ token: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a 64
        for byte in token.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
