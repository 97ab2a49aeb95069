import DiscordModels
import StoryDomain

/// How a Discord interaction is written into a story job's ``DeliveryAddress`` (stored in
/// SQLite), and read back by the transport after a restart.
enum DiscordDeliveryAddress {
    static let original = "@original"

    static func make(applicationID: Snowflake, token: String, channelID: Snowflake?, userID: Snowflake?,
                     capabilities: DiscordMessageRenderer.Capabilities) -> DeliveryAddress {
        DeliveryAddress(platform: InteractionTranslator.platform, channelID: channelID.map(String.init(describing:)) ?? "",
                        messageID: original, secret: token, userID: userID.map(String.init(describing:)),
                        extras: ["application": String(describing: applicationID),
                                 "files": capabilities.canAttachFiles ? "1" : "0",
                                 "embeds": capabilities.canEmbedLinks ? "1" : "0"])
    }

    static func capabilities(of address: DeliveryAddress) -> DiscordMessageRenderer.Capabilities {
        DiscordMessageRenderer.Capabilities(canAttachFiles: address.extras?["files"] != "0",
                                            canEmbedLinks: address.extras?["embeds"] != "0")
    }

    static func applicationID(of address: DeliveryAddress) -> Snowflake? {
        address.extras?["application"].flatMap(Snowflake.init)
    }
}
