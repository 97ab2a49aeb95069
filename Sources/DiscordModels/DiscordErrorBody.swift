/// Discord's JSON error body: `{code, message, errors?}` (and `retry_after`, `global` on 429).
public struct DiscordErrorBody: Codable, Sendable, Equatable {
    public var code: Int?
    public var message: String
    public var errors: JSONValue?
    public var retryAfter: Double?
    public var global: Bool?

    public init(code: Int?, message: String, errors: JSONValue? = nil, retryAfter: Double? = nil, global: Bool? = nil) {
        self.code = code
        self.message = message
        self.errors = errors
        self.retryAfter = retryAfter
        self.global = global
    }

    enum CodingKeys: String, CodingKey {
        case code, message, errors, global
        case retryAfter = "retry_after"
    }
}
