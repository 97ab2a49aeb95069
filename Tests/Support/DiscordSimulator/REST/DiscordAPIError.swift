import DiscordModels
import HTTPTypes

/// A Discord REST error: the HTTP status and Discord's JSON error body.
struct DiscordAPIError: Error, Sendable {
    let status: HTTPResponse.Status
    let body: DiscordErrorBody

    init(_ status: HTTPResponse.Status, code: Int, message: String, errors: JSONValue? = nil) {
        self.status = status
        body = DiscordErrorBody(code: code, message: message, errors: errors)
    }

    static let unauthorized = DiscordAPIError(.unauthorized, code: 0, message: "401: Unauthorized")
    static let notFound = DiscordAPIError(.notFound, code: 0, message: "404: Not Found")
    static let unknownInteraction = DiscordAPIError(.notFound, code: 10062, message: "Unknown interaction")
    static let alreadyAcknowledged = DiscordAPIError(.badRequest, code: 40060,
                                                     message: "Interaction has already been acknowledged.")
    static let unknownWebhook = DiscordAPIError(.notFound, code: 10015, message: "Unknown Webhook")
    static let invalidWebhookToken = DiscordAPIError(.unauthorized, code: 50027, message: "Invalid Webhook Token")
    static let unknownMessage = DiscordAPIError(.notFound, code: 10008, message: "Unknown Message")
    static let missingPermissions = DiscordAPIError(.forbidden, code: 50013, message: "Missing Permissions")
    static let emptyMessage = DiscordAPIError(.badRequest, code: 50006, message: "Cannot send an empty message")
    static let invalidJSON = DiscordAPIError(.badRequest, code: 50109, message: "The request body contains invalid JSON.")
    static let fileTooLarge = DiscordAPIError(.badRequest, code: 50045, message: "File uploaded exceeds the maximum size")
    static let requestTooLarge = DiscordAPIError(.init(code: 413), code: 40005, message: "Request entity too large")
    static let tooManyAttachments = DiscordAPIError(.badRequest, code: 30015,
                                                    message: "Maximum number of attachments in a message reached (10)")

    /// `50035 Invalid Form Body` with one error at `path` (object keys and array indices).
    static func invalidFormBody(at path: [String], code: String, message: String) -> DiscordAPIError {
        let leaf = JSONValue.object(["_errors": .array([.object(["code": .string(code), "message": .string(message)])])])
        let errors = path.reversed().reduce(leaf) { inner, key in .object([key: inner]) }
        return DiscordAPIError(.badRequest, code: 50035, message: "Invalid Form Body", errors: errors)
    }
}
