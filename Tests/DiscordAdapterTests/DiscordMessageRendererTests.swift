@testable import DiscordAdapter
import DiscordModels
import DiscordREST
import Foundation
import StoryBot
import StoryDomain
import Testing

@Suite("Discord message renderer")
struct DiscordMessageRendererTests {
    static let storyID = StoryID(rawValue: "story1")!
    static let imageID = ImageID(rawValue: String(repeating: "cd", count: 32))
    static let picture = StoredImage(id: imageID, contentType: "image/png", data: Data([0x89, 0x50, 0x4e, 0x47]), width: 8, height: 8)

    static let renderer = DiscordMessageRenderer(images: { $0 == imageID ? picture : nil }, premiumSKU: Snowflake(4242))

    static func page(title: String = "Owl Night", text: String = "The owl slept.", imageID: ImageID? = imageID) -> ChatReply {
        let view = PageView(storyID: storyID, title: title, text: text, pageNumber: 1, pageCount: 3, imageID: imageID,
                            footer: "page 1 of 3")
        return ChatReply(page: view, buttons: [[ChatButton(.page(storyID, 2), label: "▶", style: .primary)]])
    }

    @Test("a page is an embed with its picture attached, a footer and the page buttons")
    func pageEmbed() async throws {
        let rendered = try await Self.renderer.render(Self.page(), capabilities: .all)
        let embed = try #require(rendered.message.embeds?.only)
        #expect(embed.title == "Owl Night" && embed.description == "The owl slept.")
        #expect(embed.footer?.text == "page 1 of 3")
        #expect(embed.image?.url == "attachment://page-1.png")
        #expect(rendered.files.map(\.filename) == ["page-1.png"])
        #expect(rendered.files.first?.data == Self.picture.data)
        #expect(rendered.message.attachments?.isEmpty == true, "an edit keeps only the page's own picture")
        let button = try #require(rendered.message.components?.first?.components?.first)
        #expect(button.customID == "ms:p:story1:2" && button.style == 1)
        #expect(rendered.message.flags == nil)
        #expect(throws: Never.self) { try rendered.message.validate() }
    }

    /// A fake chat form read: the picture as a two-byte "WebP".
    @Sendable static func tinyWebP(_ id: ImageID) -> StoredImage? {
        guard id == imageID else { return nil }
        return StoredImage(id: id, contentType: "image/webp", data: Data("RI".utf8), width: picture.width, height: picture.height)
    }

    @Test("with chat pictures, a page's and a portrait's pictures are uploaded as their WebP (.webp, image/webp), in the plain rendering too")
    func webpUpload() async throws {
        let renderer = DiscordMessageRenderer(images: { $0 == Self.imageID ? Self.picture : nil }, chatPictures: Self.tinyWebP)
        let rendered = try await renderer.render(Self.page(), capabilities: .all)
        #expect(rendered.message.embeds?.first?.image?.url == "attachment://page-1.webp")
        let file = try #require(rendered.files.only)
        #expect(file.filename == "page-1.webp" && file.contentType == "image/webp" && file.data == Data("RI".utf8))
        #expect(try await renderer.renderPlain(Self.page(), capabilities: .all).files.map(\.contentType) == ["image/webp"])
        let cast = ChatReply(text: "The cast", pictures: [ChatPicture(imageID: Self.imageID, caption: "Mia")])
        let portraits = try await renderer.render(cast, capabilities: .all)
        #expect(portraits.files.map(\.filename) == ["portrait-1.webp"] && portraits.files.first?.contentType == "image/webp")
    }

    @Test("Discord never shows a web chat invite: the text goes out, the invite's link does not")
    func webInviteNeverShown() async throws {
        let invite = ChatInvite(url: "http://127.0.0.1:8080/join#secret", role: .child, expiresText: "for 7 days", usesText: "works once")
        let reply = ChatReply(text: "🔗 An invite link for a **child**.", isPrivate: true, invite: invite)
        for rendered in [try await Self.renderer.render(reply, capabilities: .all), try await Self.renderer.renderPlain(reply, capabilities: .all)] {
            #expect(rendered.message.content == "🔗 An invite link for a **child**.")
            #expect(rendered.message.embeds?.isEmpty != false && rendered.message.components?.isEmpty != false)
        }
    }

    @Test("the page's picture is attached with the page's moment as its alt text, else which page it shows")
    func pictureAltText() async throws {
        var reply = Self.page()
        #expect(try await Self.renderer.render(reply, capabilities: .all).files.first?.description == "Illustration for Owl Night, page 1 of 3")
        reply.page?.imageAlt = "Mia and Pip the owl sleep soundly in the forest at night."
        for rendered in [try await Self.renderer.render(reply, capabilities: .all), try await Self.renderer.renderPlain(reply, capabilities: .all)] {
            #expect(rendered.files.first?.description == "Mia and Pip the owl sleep soundly in the forest at night.")
        }
    }

    @Test("a page that carries its picture (read with the page) is sent with it, without reading it again")
    func pageCarriesItsPicture() async throws {
        let unreadable = DiscordMessageRenderer(images: { _ in
            Issue.record("the picture was read again")
            return nil
        })
        var reply = Self.page()
        reply.page?.picture = Self.picture
        for rendered in [try await unreadable.render(reply, capabilities: .all), try await unreadable.renderPlain(reply, capabilities: .all)] {
            #expect(rendered.files.map(\.filename) == ["page-1.png"])
            #expect(rendered.files.first?.data == Self.picture.data)
        }
    }

    @Test("where the bot may not embed links, the page is plain text; where it may not attach files, it says why")
    func missingPermissions() async throws {
        let text = try await Self.renderer.render(Self.page(), capabilities: .textOnly)
        #expect(text.message.embeds?.isEmpty == true && text.files.isEmpty)
        #expect(text.message.content?.hasPrefix("**Owl Night**\n\nThe owl slept.") == true)
        #expect(text.message.content?.contains(DiscordMessageRenderer.noPicturesNote) == true)

        let noFiles = try await Self.renderer.render(Self.page(), capabilities: .init(canAttachFiles: false, canEmbedLinks: true))
        #expect(noFiles.files.isEmpty)
        #expect(noFiles.message.embeds?.only?.image == nil)
        #expect(noFiles.message.content == DiscordMessageRenderer.noPicturesNote)
    }

    @Test("capabilities are read from the app's permissions in the channel")
    func capabilities() {
        #expect(DiscordMessageRenderer.Capabilities(nil) == .all, "older payloads: the usual bot permissions")
        #expect(DiscordMessageRenderer.Capabilities(Permissions.administrator) == .all)
        #expect(DiscordMessageRenderer.Capabilities(Permissions.embedLinks) == .init(canAttachFiles: false, canEmbedLinks: true))
        #expect(DiscordMessageRenderer.Capabilities(Permissions.sendMessages) == .textOnly)
    }

    @Test("long texts are fitted in code points, as Discord counts, never splitting a letter from its marks")
    func fittingCodePoints() async throws {
        // "é" as e + combining acute: one Character, two code points.
        let accented = String(repeating: "e\u{301}", count: 3_000)
        let rendered = try await Self.renderer.render(Self.page(title: String(repeating: "ti\u{301}tle ", count: 100), text: accented),
                                                      capabilities: .all)
        let embed = try #require(rendered.message.embeds?.only)
        #expect((embed.title?.codePointCount ?? 0) <= PayloadLimits.embedTitle)
        #expect((embed.description?.codePointCount ?? 0) <= PayloadLimits.embedDescription)
        #expect(embed.description?.hasSuffix("…") == true)
        #expect(embed.description?.dropLast().allSatisfy { $0 == "e\u{301}" } == true, "no mark left without its letter")
        #expect(throws: Never.self) { try rendered.message.validate() }

        let words = String(repeating: "sleepy owl ", count: 400)
        let fitted = DiscordMessageRenderer.fit(words)
        #expect(fitted.codePointCount <= PayloadLimits.content)
        #expect(fitted.hasSuffix("owl…") || fitted.hasSuffix("sleepy…"), "cut at a word")
        #expect(DiscordMessageRenderer.fit("short") == "short")
    }

    @Test("private replies are ephemeral; answers offering premium get the store's button")
    func privateAndPremium() async throws {
        var reply = FriendlyErrors.reply(for: QuotaExceeded(limit: 3, resetsAt: Date(), premiumLimit: 30))
        #expect(reply.offersPremium)
        let rendered = try await Self.renderer.render(reply, capabilities: .all)
        #expect(rendered.message.flags == MessagePayload.ephemeral)
        #expect(rendered.message.components?.last?.components?.first?.skuID == Snowflake(4242))

        reply.offersPremium = false
        #expect(try await Self.renderer.render(reply, capabilities: .all).message.components?.isEmpty == true)
    }

    @Test("the plain rendering after a refusal keeps the text, the buttons and the picture as a plain file")
    func plain() async throws {
        let rendered = try await Self.renderer.renderPlain(Self.page(), capabilities: .all)
        #expect(rendered.message.embeds?.isEmpty == true)
        #expect(rendered.message.content == "**Owl Night**\n\nThe owl slept.\n\n*page 1 of 3*")
        #expect(rendered.files.map(\.filename) == ["page-1.png"])
        #expect(rendered.message.components?.first?.components?.first?.customID == "ms:p:story1:2")
    }
}

extension Collection {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}

@Suite("Discord updates keep pictures the message holds")
struct DiscordHeldPictureTests {
    static let upload = FileUpload(filename: "page-2.webp", contentType: "image/webp", data: Data(count: 16), description: nil)

    @Test("an upload with the held file's name and size is kept by id; others are uploaded")
    func keepsHeld() {
        var message = MessagePayload()
        message.attachments = []
        let other = FileUpload(filename: "page-3.webp", contentType: "image/webp", data: Data(count: 16), description: nil)
        let rendered = DiscordMessageRenderer.Rendered(message: message, files: [Self.upload, other])
        let held = [Interaction.PartialMessage.Attachment(id: "1600000000000000777", filename: "page-2.webp", size: 16)]
        let update = DiscordMessageRenderer.keepingHeldPictures(rendered, held: held)
        #expect(update.files.map(\.filename) == ["page-3.webp"])
        #expect(update.message.attachments == [AttachmentReference(id: "1600000000000000777")])
    }

    @Test("a held file of another size (a repainted picture) is replaced; nothing held, nothing changes")
    func replacesChanged() {
        var message = MessagePayload()
        message.attachments = []
        let rendered = DiscordMessageRenderer.Rendered(message: message, files: [Self.upload])
        let changed = [Interaction.PartialMessage.Attachment(id: "1", filename: "page-2.webp", size: 17)]
        #expect(DiscordMessageRenderer.keepingHeldPictures(rendered, held: changed).files.count == 1)
        #expect(DiscordMessageRenderer.keepingHeldPictures(rendered, held: []).message.attachments == [])
    }
}
