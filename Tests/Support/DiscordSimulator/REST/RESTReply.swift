import DiscordModels
import Foundation
import HTTPTypes
import NIOCore

/// A REST answer: status and optional JSON body.
struct RESTReply: Sendable {
    let status: HTTPResponse.Status
    let body: ByteBuffer?

    static let noContent = RESTReply(status: .noContent, body: nil)

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> RESTReply {
        do {
            return RESTReply(status: status, body: ByteBuffer(bytes: try DiscordJSON.encoder().encode(value)))
        } catch {
            return .error(DiscordAPIError(.internalServerError, code: 0, message: "encoding failed: \(error)"))
        }
    }

    static func error(_ error: DiscordAPIError) -> RESTReply {
        .json(error.body, status: error.status)
    }
}

/// The message object Discord returns from message routes.
struct MessageObject: Encodable, Sendable {
    struct Attachment: Encodable, Sendable {
        let id: Snowflake
        let filename: String
        let description: String?
        let contentType: String
        let size: Int
        let url: String
        let proxyURL: String

        enum CodingKeys: String, CodingKey {
            case id, filename, description, size, url
            case contentType = "content_type"
            case proxyURL = "proxy_url"
        }
    }

    let id: Snowflake
    let channelID: Snowflake?
    let author: User
    let content: String
    let embeds: [Embed]
    let components: [Component]
    let attachments: [Attachment]
    let flags: Int
    let type: Int
    let editedTimestamp: String?

    init(_ message: SimulatedMessage, author: User) {
        id = message.id
        channelID = message.channelID
        self.author = author
        content = message.content ?? ""
        embeds = message.embeds
        components = message.components
        attachments = message.attachments.map { attachment in
            let url = "https://cdn.discordapp.com/attachments/\(message.channelID?.description ?? "0")/\(attachment.id)/\(attachment.filename)"
            return Attachment(id: attachment.id, filename: attachment.filename, description: attachment.description,
                              contentType: attachment.contentType, size: attachment.data.count, url: url, proxyURL: url)
        }
        flags = message.flags
        type = message.interactionID == nil ? 0 : 20
        editedTimestamp = message.editedCount > 0 ? message.id.date.ISO8601Format() : nil
    }

    enum CodingKeys: String, CodingKey {
        case id, author, content, embeds, components, attachments, flags, type
        case channelID = "channel_id"
        case editedTimestamp = "edited_timestamp"
    }
}
