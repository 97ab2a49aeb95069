import DiscordModels
import DiscordSimulator
import Foundation
import NIOHTTP1
import Testing

@Suite("Simulated REST API: layout messages (cards) checked as Discord checks them")
struct LayoutMessageTests {
    private static let path = "/channels/\(DiscordSimulator.defaultChannelID)/messages"
    private static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    private func withSimulator(_ body: (DiscordSimulator, RESTTestClient) async throws -> Void) async throws {
        try await withRESTSimulator(body)
    }

    private static func json(_ payload: MessagePayload) throws -> String {
        String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    }

    /// A card: one Container with `children`.
    private static func card(_ children: [Component], content: String? = nil, embeds: [Embed]? = nil,
                             flags: Int? = MessagePayload.componentsV2, attachments: [AttachmentReference]? = nil) -> MessagePayload {
        MessagePayload(content: content, embeds: embeds, components: [.container(children, accentColor: 0x7B61FF)], flags: flags,
                       attachments: attachments)
    }

    private static let button = Component.actionRow([.button(style: 1, label: "▶", customID: "next")])

    @Test("a card is accepted; content or embeds beside the flag, or layout components without it, are refused")
    func flagAndLegacyFields() async throws {
        try await withSimulator { simulator, rest in
            let created = try await rest.send(.POST, Self.path, json: try Self.json(Self.card([.textDisplay("## Owl"), Self.button])))
            #expect(created.status == 200)
            let stored = try #require(simulator.messages(channelID: DiscordSimulator.defaultChannelID).last)
            #expect(stored.flags & MessagePayload.componentsV2 != 0 && stored.components.first?.type == 17)
            let withContent = try await rest.send(.POST, Self.path, json: try Self.json(Self.card([.textDisplay("x")], content: "hello")))
            #expect(withContent.status == 400 && withContent.error?.code == 50035)
            let status1 = try await rest.send(.POST, Self.path, json: try Self.json(Self.card([.textDisplay("x")], embeds: [Embed(title: "t")]))).status
            #expect(status1 == 400)
            let status2 = try await rest.send(.POST, Self.path, json: try Self.json(Self.card([.textDisplay("x")], flags: nil))).status
            #expect(status2 == 400)
        }
    }

    @Test("which kinds may stand where: a Thumbnail only beside a Section's text, 1–3 texts in a Section, no Container in a Container")
    func kindsPerContext() async throws {
        try await withSimulator { _, rest in
            let bareThumbnail = Self.card([.thumbnail(url: "https://example.com/a.png")])
            let status3 = try await rest.send(.POST, Self.path, json: try Self.json(bareThumbnail)).status
            #expect(status3 == 400)
            let nested = Self.card([.container([.textDisplay("inner")])])
            let status4 = try await rest.send(.POST, Self.path, json: try Self.json(nested)).status
            #expect(status4 == 400)
            let fourTexts = Self.card([.section((1...4).map { Component.textDisplay("t\($0)") }, accessory: .thumbnail(url: "https://example.com/a.png"))])
            let status5 = try await rest.send(.POST, Self.path, json: try Self.json(fourTexts)).status
            #expect(status5 == 400)
            let good = Self.card([.section([.textDisplay("Mia")], accessory: .thumbnail(url: "https://example.com/a.png")),
                                  .separator(), Self.button])
            let status6 = try await rest.send(.POST, Self.path, json: try Self.json(good)).status
            #expect(status6 == 200)
            let emptyGallery = Self.card([.mediaGallery([])])
            let status7 = try await rest.send(.POST, Self.path, json: try Self.json(emptyGallery)).status
            #expect(status7 == 400)
        }
    }

    @Test("at most 40 components counted nested, and 4,000 code points over all Text Displays")
    func limits() async throws {
        try await withSimulator { _, rest in
            let thirtyNine = Self.card((1...38).map { Component.textDisplay("line \($0)") })
            let status8 = try await rest.send(.POST, Self.path, json: try Self.json(thirtyNine)).status
            #expect(status8 == 200)
            let fortyOne = Self.card((1...40).map { Component.textDisplay("line \($0)") })
            let status9 = try await rest.send(.POST, Self.path, json: try Self.json(fortyOne)).status
            #expect(status9 == 400)
            let long = Self.card([.textDisplay(String(repeating: "a", count: 2_500)), .textDisplay(String(repeating: "b", count: 1_500))])
            let status10 = try await rest.send(.POST, Self.path, json: try Self.json(long)).status
            #expect(status10 == 200, "one Text Display may hold more than 2,000")
            let tooLong = Self.card([.textDisplay(String(repeating: "a", count: 2_500)), .textDisplay(String(repeating: "b", count: 1_501))])
            let status11 = try await rest.send(.POST, Self.path, json: try Self.json(tooLong)).status
            #expect(status11 == 400)
        }
    }

    @Test("a gallery's attachment:// must name a file of the message; uploads and kept files count")
    func attachmentsReferenced() async throws {
        try await withSimulator { _, rest in
            let upload = [AttachmentReference(id: "0", filename: "page-1.png")]
            let wrong = Self.card([.mediaGallery([MediaGalleryItem(url: "attachment://page-2.png")])], attachments: upload)
            let refused = try await rest.send(.POST, Self.path, payloadJSON: try Self.json(wrong), files: [TestFile(filename: "page-1.png", data: Self.png)])
            #expect(refused.status == 400 && refused.error?.code == 50035)
            let right = Self.card([.mediaGallery([MediaGalleryItem(url: "attachment://page-1.png")])], attachments: upload)
            let created = try await rest.send(.POST, Self.path, payloadJSON: try Self.json(right), files: [TestFile(filename: "page-1.png", data: Self.png)])
            #expect(created.status == 200)
        }
    }

    @Test("the flag is never removed: an edit of a card with content, embeds or flags without it is refused; a card edit is accepted")
    func flagCannotBeRemoved() async throws {
        try await withSimulator { simulator, rest in
            let status12 = try await rest.send(.POST, Self.path, json: try Self.json(Self.card([.textDisplay("page 1")]))).status
            #expect(status12 == 200)
            let id = try #require(simulator.messages(channelID: DiscordSimulator.defaultChannelID).last?.id)
            let edit = "\(Self.path)/\(id)"
            let status13 = try await rest.send(.PATCH, edit, json: #"{"content":"plain again"}"#).status
            #expect(status13 == 400)
            let status14 = try await rest.send(.PATCH, edit, json: #"{"embeds":[{"title":"Page"}]}"#).status
            #expect(status14 == 400)
            let status15 = try await rest.send(.PATCH, edit, json: #"{"flags":0,"components":[]}"#).status
            #expect(status15 == 400)
            let status16 = try await rest.send(.PATCH, edit, json: try Self.json(Self.card([.textDisplay("page 2")]))).status
            #expect(status16 == 200)
            #expect(simulator.message(id: id)?.components.first?.components?.first?.content == "page 2")
        }
    }

    @Test("a classic message becomes a card by an edit only with its content emptied; a button press says which the message is")
    func upgradeAndPressFlags() async throws {
        try await withSimulator { simulator, rest in
            let status17 = try await rest.send(.POST, Self.path, json: #"{"content":"Writing…"}"#).status
            #expect(status17 == 200)
            let id = try #require(simulator.messages(channelID: DiscordSimulator.defaultChannelID).last?.id)
            #expect(simulator.makeButtonPress(customID: "x", messageID: id).message?.flags == 0)
            let status18 = try await rest.send(.PATCH, "\(Self.path)/\(id)", json: try Self.json(Self.card([.textDisplay("page 1")]))).status
            #expect(status18 == 400)
            let status19 = try await rest.send(.PATCH, "\(Self.path)/\(id)", json: try Self.json(Self.card([.textDisplay("page 1")], content: ""))).status
            #expect(status19 == 200)
            #expect(simulator.makeButtonPress(customID: "x", messageID: id).message?.flags == MessagePayload.componentsV2)
        }
    }
}
