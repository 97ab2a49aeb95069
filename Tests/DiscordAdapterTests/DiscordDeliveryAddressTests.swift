@testable import DiscordAdapter
import DiscordModels
import Foundation
import StoryDomain
import Testing

@Suite("Discord delivery address")
struct DiscordDeliveryAddressTests {
    @Test("what the transport needs after a restart survives the job's stored JSON")
    func roundTrip() throws {
        let capabilities = DiscordMessageRenderer.Capabilities(canAttachFiles: false, canEmbedLinks: true)
        let address = DiscordDeliveryAddress.make(applicationID: 11, token: "interaction-token", channelID: 22, userID: 33,
                                                  capabilities: capabilities, requestID: 44)
        #expect(address.platform == "discord")
        #expect(address.channelID == "22" && address.userID == "33" && address.requestID == "44")
        #expect(address.messageID == DiscordDeliveryAddress.original, "the interaction's original response until Discord names it")

        let stored = try JSONDecoder().decode(DeliveryAddress.self, from: try JSONEncoder().encode(address))
        #expect(stored == address)
        #expect(DiscordDeliveryAddress.capabilities(of: stored) == capabilities)
        #expect(DiscordDeliveryAddress.applicationID(of: stored) == Snowflake(11))
        #expect(stored.secret == "interaction-token")
        #expect(!stored.description.contains("interaction-token"), "the token is never logged")
    }

    @Test("a known message id is kept; addresses without extras assume the usual permissions")
    func defaults() {
        let address = DiscordDeliveryAddress.make(applicationID: 1, token: "t", channelID: nil, userID: nil, capabilities: .all,
                                                  messageID: 99)
        #expect(address.messageID == "99" && address.channelID.isEmpty && address.requestID == nil)
        let bare = DeliveryAddress(platform: "discord", channelID: "22")
        #expect(DiscordDeliveryAddress.capabilities(of: bare) == .all)
        #expect(DiscordDeliveryAddress.applicationID(of: bare) == nil)
    }

    @Test("the message's layout survives too; an address stored before cards, naming a message, keeps its embeds")
    func layout() throws {
        for layout in [DiscordMessageRenderer.Layout.new, .cards, .embeds] {
            let capabilities = DiscordMessageRenderer.Capabilities(canAttachFiles: true, canEmbedLinks: true, layout: layout)
            let address = DiscordDeliveryAddress.make(applicationID: 1, token: "t", channelID: 2, userID: nil, capabilities: capabilities)
            let stored = try JSONDecoder().decode(DeliveryAddress.self, from: try JSONEncoder().encode(address))
            #expect(DiscordDeliveryAddress.capabilities(of: stored).layout == layout)
        }
        let before = DeliveryAddress(platform: "discord", channelID: "22", messageID: "@original", extras: ["files": "1", "embeds": "1"])
        #expect(DiscordDeliveryAddress.capabilities(of: before).layout == .embeds)
    }
}
