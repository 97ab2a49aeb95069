import DiscordModels
import DiscordSimulator
import Foundation
import NIOHTTP1
import Testing

/// The simulator models a user-installed app in a group DM, and the app's own emojis, as Discord does.
@Suite("Simulated REST API: user installs and app emojis")
struct UserInstallSimulatorTests {
    static let grandma = User(id: 1_400_000_000_000_000_010, username: "grandma", globalName: "Grandma")
    static let child = User(id: 1_400_000_000_000_000_011, username: "pip", globalName: "Pip")

    private func withSimulator(_ body: (DiscordSimulator, RESTTestClient) async throws -> Void) async throws {
        try await withRESTSimulator(body)
    }

    @Test("a group DM interaction has context 2 and the installer as USER_INSTALL owner; channel posts are refused; 5 follow-ups at most")
    func groupDM() async throws {
        try await withSimulator { simulator, rest in
            let channel = simulator.openGroupDM(members: [Self.grandma, Self.child])
            let interaction = simulator.makeGroupDMCommand(subcommand: "new", channelID: channel, user: Self.child, installer: Self.grandma)
            #expect(interaction.guildID == nil && interaction.member == nil && interaction.user == Self.child)
            #expect(interaction.usedIn == .privateChannel && interaction.installingUser == Self.grandma.id && interaction.isUserInstallOnly)
            let encoded = String(decoding: try DiscordJSON.encoder().encode(interaction), as: UTF8.self)
            #expect(encoded.contains(#""context":2"#) && encoded.contains(#""authorizing_integration_owners":{"1":"1400000000000000010"}"#))

            let post = try await rest.send(.POST, "/channels/\(channel)/messages", json: #"{"content":"hello"}"#)
            #expect(post.status == 403 && post.error?.code == 50001)

            await simulator.sendInteraction(interaction)
            let callback = #"{"type":4,"data":{"content":"Once upon a time"}}"#
            #expect(try await rest.send(.POST, "/interactions/\(interaction.id)/\(interaction.token)/callback", json: callback).status == 204)
            let followUp = "/webhooks/\(interaction.applicationID)/\(interaction.token)"
            for _ in 1...5 { #expect(try await rest.send(.POST, followUp, json: #"{"content":"more"}"#).status == 200) }
            let sixth = try await rest.send(.POST, followUp, json: #"{"content":"too many"}"#)
            #expect(sixth.status == 400 && sixth.error?.code == 40094)
        }
    }

    @Test("app emojis: listed as items, created with a PNG data URI; names, duplicates, size and the 2,000 limit are checked")
    func appEmojis() async throws {
        try await withSimulator { simulator, rest in
            let path = "/applications/\(simulator.configuration.applicationID)/emojis"
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
            let image = "data:image/png;base64," + png.base64EncodedString()
            let created = try await rest.send(.POST, path, json: #"{"name":"ms_page_next","image":"\#(image)"}"#)
            #expect(created.status == 201)
            let emoji = try JSONDecoder().decode(ApplicationEmoji.self, from: created.body)
            #expect(emoji.name == "ms_page_next")
            let list = try JSONDecoder().decode(ApplicationEmojiList.self, from: try await rest.send(.GET, path).body)
            #expect(list.items.map(\.name) == ["ms_page_next"])
            #expect(simulator.appEmojiImage(named: "ms_page_next") == png)

            let again = try await rest.send(.POST, path, json: #"{"name":"ms_page_next","image":"\#(image)"}"#)
            #expect(again.status == 400 && again.error?.code == 50035)
            let badName = try await rest.send(.POST, path, json: #"{"name":"a-b","image":"\#(image)"}"#)
            #expect(badName.status == 400 && badName.error?.code == 50035)
            let notAURI = try await rest.send(.POST, path, json: #"{"name":"plain","image":"\#(png.base64EncodedString())"}"#)
            #expect(notAURI.status == 400 && notAURI.error?.code == 50035)
            let huge = "data:image/png;base64," + Data(count: 256 * 1024 + 1).base64EncodedString()
            let tooBig = try await rest.send(.POST, path, json: #"{"name":"huge","image":"\#(huge)"}"#)
            #expect(tooBig.status == 400 && tooBig.error?.code == 50035)

            simulator.addAppEmojis(named: (1..<2_000).map { "filler_\($0)" })
            let full = try await rest.send(.POST, path, json: #"{"name":"one_more","image":"\#(image)"}"#)
            #expect(full.status == 400 && full.error?.code == 30018)
            #expect(simulator.appEmojiUploadCount() == 1)
        }
    }
}
