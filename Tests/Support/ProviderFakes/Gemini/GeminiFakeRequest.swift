/// A request as the fake received it.
public struct GeminiFakeRequest: Sendable {
    public var kind: GeminiFake.Kind
    /// The model id from the path (`gemini-2.5-flash`).
    public var model: String
    /// Path and query as sent.
    public var uri: String
    /// The `x-goog-api-key` header, if any.
    public var apiKeyHeader: String?
    /// The body (`.null` when it was not JSON).
    public var body: GeminiFakeJSON
    /// Everything the fake found wrong; when non-empty it answered 400.
    public var problems: [String]
    /// Whether a picture was sent as `inlineData` (the previous page's illustration).
    public var sentImage: Bool
    /// All the `user` text of the conversation, joined by blank lines.
    public var userText: String
}
