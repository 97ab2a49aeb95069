@testable import DiscordAdapter
import DiscordModels
import DiscordREST
import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("Discord cards: a page as one Container")
struct DiscordCardRendererTests {
    typealias Kind = Component.LayoutKind
    static let storyID = DiscordMessageRendererTests.storyID
    static let imageID = DiscordMessageRendererTests.imageID
    static let picture = DiscordMessageRendererTests.picture

    static func renderer(artist: DiscordTextArtTests.DrawnArtist? = nil, books: (@Sendable (BookView) async throws -> ChatFile?)? = nil)
        -> DiscordMessageRenderer
    {
        DiscordMessageRenderer(images: { $0 == imageID ? picture : nil }, premiumSKU: Snowflake(4242), textArtist: artist, books: books,
                               sendsCards: true)
    }

    static func page(text: String = "The owl slept.", imageID: ImageID? = imageID, asText: Bool = false, accent: RGB? = nil,
                     isPrivate: Bool = false) -> ChatReply {
        let view = PageView(storyID: storyID, title: "Owl Night", text: text, pageNumber: 2, pageCount: 5, imageID: imageID,
                            footer: "page 2 of 5", showsPictureAsText: asText, imageAlt: "An owl asleep on a branch", accent: accent)
        return ChatReply(page: view, buttons: [[
            ChatButton(.firstPage(storyID), label: "⏮"), ChatButton(.page(storyID, 1), label: "◀"),
            ChatButton(.page(storyID, 3), label: "▶", style: .primary),
        ], [ChatButton(.listen(storyID, 2), label: "🔊 Read aloud")]], isPrivate: isPrivate)
    }

    /// The one Container of a card, after checking the message is a layout message.
    static func container(_ message: MessagePayload) throws -> Component {
        #expect(message.isComponentsV2)
        #expect(message.content == nil && message.embeds == nil && message.poll == nil, "a card has no content, embeds or poll")
        let container = try #require(message.components?.only)
        #expect(container.type == Kind.container)
        return container
    }

    static func texts(_ container: Component) -> [String] {
        (container.components ?? []).filter { $0.type == Kind.textDisplay }.compactMap(\.content)
    }

    @Test("a page is one Container: the picture in a Media Gallery, title and text, \"page 2 of 5\", ⏮ ◀ ▶ 🔊 inside; the palette tints it")
    func pageCard() async throws {
        let rendered = try await Self.renderer().render(Self.page(accent: RGB(0x12, 0x34, 0x56)), capabilities: .all)
        let container = try Self.container(rendered.message)
        #expect(container.accentColor == 0x123456)
        let kinds = (container.components ?? []).map(\.type)
        #expect(kinds == [Kind.mediaGallery, Kind.textDisplay, Kind.textDisplay, Kind.actionRow, Kind.actionRow])
        let item = try #require(container.components?.first?.items?.only)
        #expect(item.media.url == "attachment://page-2.png" && item.description == "An owl asleep on a branch")
        #expect(rendered.files.map(\.filename) == ["page-2.png"])
        #expect(Self.texts(container) == ["## Owl Night\nThe owl slept.", "-# page 2 of 5"])
        let labels = (container.components ?? []).filter { $0.type == Kind.actionRow }.flatMap { $0.components ?? [] }.compactMap(\.label)
        #expect(labels == ["⏮", "◀", "▶", "🔊 Read aloud"])
        #expect(rendered.message.attachments == [], "an edit keeps only the page's own picture")
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    @Test("without a palette the card takes the story colour; a private reply stays classic unless the message is a card")
    func colourAndPrivacy() async throws {
        let card = try await Self.renderer().render(Self.page(), capabilities: .all)
        #expect(try Self.container(card.message).accentColor == DiscordMessageRenderer.storyColor)
        let privately = try await Self.renderer().render(Self.page(isPrivate: true), capabilities: .all)
        #expect(!privately.message.isComponentsV2 && privately.message.embeds?.count == 1)
        var onCard = DiscordMessageRenderer.Capabilities.all
        onCard.layout = .cards
        let kept = try await Self.renderer().render(.privateNote("Only for you"), capabilities: onCard)
        #expect(Self.texts(try Self.container(kept.message)) == ["Only for you"])
        #expect(kept.message.flags == MessagePayload.componentsV2 | MessagePayload.ephemeral)
    }

    @Test("a message sent with embeds keeps them: the embed layout, whatever the renderer sends new")
    func embedMessageKeepsEmbeds() async throws {
        var old = DiscordMessageRenderer.Capabilities.all
        old.layout = .embeds
        let rendered = try await Self.renderer().render(Self.page(), capabilities: old)
        #expect(!rendered.message.isComponentsV2)
        #expect(rendered.message.embeds?.first?.footer?.text == "page 2 of 5")
        #expect(rendered.message.embeds?.first?.image?.url == "attachment://page-2.png")
    }

    @Test("a renderer that does not send cards writes new messages with embeds as before")
    func cardsOff() async throws {
        let renderer = DiscordMessageRenderer(images: { $0 == Self.imageID ? Self.picture : nil })
        let rendered = try await renderer.render(Self.page(), capabilities: .all)
        #expect(!rendered.message.isComponentsV2 && rendered.message.embeds?.count == 1)
    }

    @Test("no Attach Files: no gallery, the picture as text art in a Text Display, and the note for managers")
    func noAttachFiles() async throws {
        let artist = DiscordTextArtTests.DrawnArtist()
        let rendered = try await Self.renderer(artist: artist).render(Self.page(), capabilities: .textOnly)
        let container = try Self.container(rendered.message)
        #expect(rendered.files.isEmpty)
        #expect(!(container.components ?? []).contains { $0.type == Kind.mediaGallery })
        let texts = Self.texts(container)
        #expect(texts.contains { $0.hasPrefix("```") }, "the text art")
        #expect(texts.contains(DiscordMessageRenderer.noPicturesNote))
        #expect(texts.last == "-# page 2 of 5")
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    @Test("illustrations:text draws the art without the managers' note; illustrations:off shows no picture at all")
    func textArtAndOff() async throws {
        let artist = DiscordTextArtTests.DrawnArtist()
        let art = try await Self.renderer(artist: artist).render(Self.page(asText: true), capabilities: .all)
        let texts = Self.texts(try Self.container(art.message))
        #expect(art.files.isEmpty && texts.contains { $0.hasPrefix("```") } && !texts.contains(DiscordMessageRenderer.noPicturesNote))
        let off = try await Self.renderer(artist: artist).render(Self.page(imageID: nil), capabilities: .all)
        let container = try Self.container(off.message)
        #expect(off.files.isEmpty && !(container.components ?? []).contains { $0.type == Kind.mediaGallery })
        #expect(Self.texts(container) == ["## Owl Night\nThe owl slept.", "-# page 2 of 5"])
    }

    @Test("all Text Displays together stay within 4,000 code points however long the page")
    func textLimit() async throws {
        let long = String(repeating: "The owl flew over the sleeping hills. ", count: 200)
        let rendered = try await Self.renderer(artist: DiscordTextArtTests.DrawnArtist()).render(Self.page(text: long, asText: true),
                                                                                                 capabilities: .all)
        let container = try Self.container(rendered.message)
        #expect(container.textDisplayCodePoints <= PayloadLimits.textDisplayTotal)
        #expect(Self.texts(container).last == "-# page 2 of 5", "the footer is never cut away")
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    @Test("after a refusal: a minimal Container with the text and the buttons, no picture, never content")
    func minimalCard() async throws {
        let rendered = try await Self.renderer().renderPlain(Self.page(), capabilities: .all)
        let container = try Self.container(rendered.message)
        #expect(rendered.files.isEmpty && container.accentColor == nil)
        #expect(Self.texts(container) == ["**Owl Night**\n\nThe owl slept.\n\n*page 2 of 5*"])
        #expect((container.components ?? []).filter { $0.type == Kind.actionRow }.count == 2)
    }

    @Test("a cast list is a card: its text, then each portrait as a Section with a Thumbnail; premium inside the card")
    func portraitsAsSections() async throws {
        var reply = ChatReply(text: "🖼️ **Your family's cast**", pictures: [ChatPicture(imageID: Self.imageID, caption: "Mia · a child of 5"),
                                                                            ChatPicture(imageID: Self.imageID, caption: "Rex · a dog")])
        reply.offersPremium = true
        let rendered = try await Self.renderer().render(reply, capabilities: .all)
        let container = try Self.container(rendered.message)
        let sections = (container.components ?? []).filter { $0.type == Kind.section }
        #expect(sections.count == 2)
        #expect(sections.first?.accessory?.component.media?.url == "attachment://portrait-1.png")
        #expect(sections.first?.components?.first?.content == "**Mia · a child of 5**")
        #expect(rendered.files.map(\.filename) == ["portrait-1.png", "portrait-2.png"])
        #expect(container.components?.last?.components?.first?.skuID == Snowflake(4242))
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    @Test("ten portraits with buttons stay within 40 components")
    func componentLimit() async throws {
        let pictures = (1...10).map { ChatPicture(imageID: Self.imageID, caption: "Friend \($0)") }
        let buttons = [(1...5).map { ChatButton(.page(Self.storyID, $0), label: "\($0)") }, (6...10).map { ChatButton(.page(Self.storyID, $0), label: "\($0)") }]
        let rendered = try await Self.renderer().render(ChatReply(text: "Cast", buttons: buttons, pictures: pictures), capabilities: .all)
        let container = try Self.container(rendered.message)
        #expect(container.nestedCount <= PayloadLimits.layoutComponents)
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    @Test("a picture book is a File component with its PDF attached")
    func bookAsFile() async throws {
        let renderer = Self.renderer(books: { _ in ChatFile(filename: "owl-night.pdf", contentType: "application/pdf", data: [1, 2, 3]) })
        var reply = ChatReply(text: "📕 Here is your book")
        reply.book = BookView(storyID: Self.storyID, family: FamilyRef(platform: "discord", externalID: "1"), title: "Owl Night",
                              filename: "owl-night.pdf")
        let rendered = try await renderer.render(reply, capabilities: .all)
        let container = try Self.container(rendered.message)
        #expect(container.components?.contains { $0.type == Kind.file && $0.file?.url == "attachment://owl-night.pdf" } == true)
        #expect(rendered.files.map(\.filename) == ["owl-night.pdf"])
    }

    @Test("@everyone in a card's text never reads as a mention")
    func mentionsGuarded() async throws {
        let rendered = try await Self.renderer().render(ChatReply(text: "hi @everyone"), capabilities: .all)
        #expect(Self.texts(try Self.container(rendered.message)).first?.contains("@everyone") == false)
    }
}
