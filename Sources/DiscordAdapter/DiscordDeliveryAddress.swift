import DiscordModels
import Foundation
import StoryDomain

/// How a Discord interaction is written into a story job's ``DeliveryAddress`` (stored in
/// SQLite), and read back by the transport after a restart: the interaction's token while it
/// lives, the story message's id once Discord named it, and the interaction id as the request.
enum DiscordDeliveryAddress {
    static let original = "@original"

    static func make(applicationID: Snowflake, token: String, channelID: Snowflake?, userID: Snowflake?,
                     capabilities: DiscordMessageRenderer.Capabilities, messageID: Snowflake? = nil,
                     requestID: Snowflake? = nil, canPostPolls: Bool = false, tokenOnly: TokenOnly? = nil) -> DeliveryAddress {
        var address = DeliveryAddress(platform: Platform.discord, channelID: channelID.map(String.init(describing:)) ?? "",
                        messageID: messageID.map(String.init(describing:)) ?? original, secret: token,
                        userID: userID.map(String.init(describing:)),
                        extras: ["application": String(describing: applicationID),
                                 "files": capabilities.canAttachFiles ? "1" : "0",
                                 "embeds": capabilities.canEmbedLinks ? "1" : "0",
                                 "polls": canPostPolls ? "1" : "0",
                                 "layout": capabilities.layout.rawValue],
                        requestID: requestID.map(String.init(describing:)))
        if let tokenOnly {
            address.extras?[tokenOnlyKey] = "1"
            address.extras?[expiresKey] = String(Int(tokenOnly.expires.timeIntervalSince1970))
        }
        return address
    }

    /// A channel where every write goes through the interaction's token (a user install: the bot
    /// cannot post there), and when that token stops being trusted.
    struct TokenOnly: Sendable, Equatable {
        var expires: Date
    }

    static let tokenOnlyKey = "tokenOnly"
    static let expiresKey = "expires"

    /// Set when the address is in a channel the bot may not post in on its own.
    static func tokenOnly(of address: DeliveryAddress) -> TokenOnly? {
        guard address.extras?[tokenOnlyKey] == "1" else { return nil }
        let seconds = address.extras?[expiresKey].flatMap(TimeInterval.init) ?? 0
        return TokenOnly(expires: Date(timeIntervalSince1970: seconds))
    }

    /// What the bot may do there, and the layout of the message. Without a `layout`: a new post
    /// (no message yet, e.g. bedtime) is a new message; a message written before cards keeps its embeds.
    static func capabilities(of address: DeliveryAddress) -> DiscordMessageRenderer.Capabilities {
        let layout = address.extras?["layout"].flatMap(DiscordMessageRenderer.Layout.init(rawValue:))
        return DiscordMessageRenderer.Capabilities(canAttachFiles: address.extras?["files"] != "0",
                                                   canEmbedLinks: address.extras?["embeds"] != "0",
                                                   layout: layout ?? (address.messageID == nil ? .new : .embeds))
    }

    /// Whether the bot could post polls where the story was asked for (its `app_permissions`).
    static func canPostPolls(at address: DeliveryAddress) -> Bool {
        address.extras?["polls"] == "1"
    }

    static func applicationID(of address: DeliveryAddress) -> Snowflake? {
        address.extras?["application"].flatMap(Snowflake.init)
    }
}
