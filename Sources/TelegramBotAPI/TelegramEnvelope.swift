/// Every Bot API answer: `{"ok":true,"result":…}` or
/// `{"ok":false,"error_code":…,"description":…,"parameters":{"retry_after":…,"migrate_to_chat_id":…}}`.
struct TelegramEnvelope<Result: Decodable>: Decodable {
    struct Parameters: Decodable {
        var retryAfter: Int?
        var migrateToChatID: Int64?

        enum CodingKeys: String, CodingKey { case retryAfter = "retry_after", migrateToChatID = "migrate_to_chat_id" }
    }

    var ok: Bool
    var result: Result?
    var errorCode: Int?
    var description: String?
    var parameters: Parameters?

    enum CodingKeys: String, CodingKey {
        case ok, result, errorCode = "error_code", description, parameters
    }
}

/// The envelope of a failed call, read without knowing the result's type.
struct TelegramFailure: Decodable {
    var ok: Bool
    var errorCode: Int?
    var description: String?
    var parameters: TelegramEnvelope<Bool>.Parameters?

    enum CodingKeys: String, CodingKey { case ok, errorCode = "error_code", description, parameters }
}
