import DiscordModels
import HTTPTypes
import Foundation

/// The application's own emojis, as `GET/POST /applications/{id}/emojis` keep them.
struct AppEmojiLedger: Sendable {
    var emojis: [ApplicationEmoji] = []
    /// Every accepted upload, with its decoded image.
    var uploads: [(name: String, image: Data)] = []
}

/// `GET /applications/{application_id}/emojis` (`{"items": [...]}`) and `POST` (`{name, image}`),
/// validated as Discord does: names of 2–32 letters, digits and underscores, unique in the app;
/// the image a base64 data URI (PNG, JPEG, GIF or WebP) of at most 256 KiB; at most 2,000 per app.
struct AppEmojiEndpoint: Sendable {
    let environment: SimulatorEnvironment

    private struct Body: Decodable, Sendable {
        let name: String?
        let image: String?
    }

    func list(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        try checkApplication(request)
        let emojis = environment.store.read { $0.appEmojis.emojis }
        return .json(ApplicationEmojiList(items: emojis))
    }

    func create(_ request: RESTRequest) throws(DiscordAPIError) -> RESTReply {
        try checkApplication(request)
        let body = try request.decode(Body.self).payload
        guard let name = body.name else { throw .invalidFormBody(at: ["name"], code: "BASE_TYPE_REQUIRED", message: "This field is required") }
        guard ApplicationEmoji.isValidName(name) else {
            throw .invalidFormBody(at: ["name"], code: "STRING_TYPE_REGEX", message: "String value did not match validation regex.")
        }
        guard let image = body.image else { throw .invalidFormBody(at: ["image"], code: "BASE_TYPE_REQUIRED", message: "This field is required") }
        let data = try Self.decodeImage(image)
        let emoji = try environment.withStore { store throws(DiscordAPIError) in
            guard !store.appEmojis.emojis.contains(where: { $0.name == name }) else {
                throw .invalidFormBody(at: ["name"], code: "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", message: "Emoji name already taken")
            }
            guard store.appEmojis.emojis.count < ApplicationEmoji.maxPerApplication else { throw .maxEmojis }
            let emoji = ApplicationEmoji(id: environment.identifiers.snowflake(), name: name)
            store.appEmojis.emojis.append(emoji)
            store.appEmojis.uploads.append((name, data))
            return emoji
        }
        return .json(emoji, status: .created)
    }

    private func checkApplication(_ request: RESTRequest) throws(DiscordAPIError) {
        guard try request.snowflake("application_id") == environment.configuration.applicationID else { throw .unknownApplication }
    }

    /// The image bytes of a `data:image/<type>;base64,<data>` URI, within 256 KiB.
    static func decodeImage(_ uri: String) throws(DiscordAPIError) -> Data {
        let types = ["png", "jpeg", "jpg", "gif", "webp"]
        guard let comma = uri.firstIndex(of: ","), uri.hasPrefix("data:image/"),
              uri[..<comma].hasSuffix(";base64"),
              types.contains(String(uri[uri.index(uri.startIndex, offsetBy: 11)..<comma].dropLast(7))),
              let data = Data(base64Encoded: String(uri[uri.index(after: comma)...])), !data.isEmpty
        else { throw .invalidFormBody(at: ["image"], code: "IMAGE_INVALID", message: "Invalid image data") }
        guard data.count <= ApplicationEmoji.maxImageBytes else {
            throw .invalidFormBody(at: ["image"], code: "BINARY_TYPE_MAX_SIZE", message: "File cannot be larger than 256.0 kb.")
        }
        return data
    }
}

extension DiscordAPIError {
    static let maxEmojis = DiscordAPIError(.badRequest, code: 30018, message: "Maximum number of emojis reached (2000)")
    static let unknownApplication = DiscordAPIError(.notFound, code: 10002, message: "Unknown Application")
}
