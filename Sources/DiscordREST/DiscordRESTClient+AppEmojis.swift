import DiscordModels
import Foundation

extension Route {
    /// `GET /applications/{application_id}/emojis`: the application's own emojis.
    public static func applicationEmojis(applicationID: Snowflake) -> Route {
        Route(.get, template: "/applications/{application_id}/emojis", path: "/applications/\(applicationID)/emojis")
    }

    /// `POST /applications/{application_id}/emojis`: upload one.
    public static func createApplicationEmoji(applicationID: Snowflake) -> Route {
        Route(.post, template: "/applications/{application_id}/emojis", path: "/applications/\(applicationID)/emojis")
    }
}

extension DiscordRESTClient {
    /// The application's emojis (every one: Discord does not page this list).
    public func applicationEmojis(applicationID: Snowflake) async throws -> [ApplicationEmoji] {
        try await send(.applicationEmojis(applicationID: applicationID), decoding: ApplicationEmojiList.self).items
    }

    /// Uploads a PNG as an application emoji named `name` (2–32 letters, digits, underscores;
    /// the image at most 256 KiB).
    public func createApplicationEmoji(applicationID: Snowflake, name: String, png: Data) async throws -> ApplicationEmoji {
        let body = ApplicationEmojiCreate(name: name, image: "data:image/png;base64," + png.base64EncodedString())
        return try await send(.createApplicationEmoji(applicationID: applicationID), body: RequestBody.json(body),
                              decoding: ApplicationEmoji.self)
    }
}
