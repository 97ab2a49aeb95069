import DiscordModels
import DiscordREST
import Foundation
import StoryBot
import StoryDomain
import Textify

/// Turns a platform-neutral ``ChatReply`` into a Discord message: a page becomes an embed with
/// title, text, `attachment://` picture and "page 1 of 5" footer; buttons become action rows.
/// Where the bot may not attach files, or the family chose text art, the page's picture is drawn as
/// text art in a code block (sized to fit the message and a phone's width); where it may not embed
/// links either, the page is plain text.
public struct DiscordMessageRenderer: Sendable {
    /// What the bot may do in the channel (from `app_permissions`).
    public struct Capabilities: Sendable, Equatable {
        public var canAttachFiles: Bool
        public var canEmbedLinks: Bool
        /// The layout of the message written: fixed by the message edited, or chosen for a new one.
        public var layout: Layout = .new

        public init(canAttachFiles: Bool, canEmbedLinks: Bool, layout: Layout = .new) {
            self.canAttachFiles = canAttachFiles
            self.canEmbedLinks = canEmbedLinks
            self.layout = layout
        }

        /// The same message, without permission to attach files or embed links.
        public var withoutPermissions: Capabilities { Capabilities(canAttachFiles: false, canEmbedLinks: false, layout: layout) }

        public static let all = Capabilities(canAttachFiles: true, canEmbedLinks: true)

        public init(_ permissions: Permissions?) {
            // Without app_permissions (older payloads), assume the usual bot permissions.
            guard let permissions else { self = .all; return }
            let admin = permissions.contains(.administrator)
            canAttachFiles = admin || permissions.contains(.attachFiles)
            canEmbedLinks = admin || permissions.contains(.embedLinks)
        }
    }

    /// Which layout a reply is written in. A card (a layout message, flag `IS_COMPONENTS_V2`)
    /// stays one for good; a classic message may become a card by an edit.
    public enum Layout: String, Sendable, Equatable {
        /// A new message (or one whose layout this process does not know was fixed): public
        /// replies are cards where the renderer sends cards, private ones classic.
        case new
        /// Editing a card: every reply is a card.
        case cards
        /// Editing a message sent with embeds (before cards): it keeps them.
        case embeds
    }

    /// A message and the files it uploads.
    public struct Rendered: Sendable {
        public var message: MessagePayload
        public var files: [FileUpload]
    }

    static let storyColor = 0x7B61FF
    let images: @Sendable (ImageID) async throws -> StoredImage?
    /// The store product shown (as Discord's premium button) on answers that offer premium.
    let premiumSKU: Snowflake?
    /// Draws pictures as text art; nil: pictures that cannot be attached are left out.
    let textArtist: (any PictureTextArtist)?
    /// Makes a story's picture book (PDF); nil: books are not offered.
    let books: (@Sendable (BookView) async throws -> ChatFile?)?
    /// Reads a picture as chats are sent it (its WebP copy, ``ChatPictures``); nil: pictures
    /// are uploaded as stored.
    let chatPictures: (@Sendable (ImageID) async throws -> StoredImage?)?
    /// New public messages are cards (``Layout/new``); false: classic messages with embeds.
    let sendsCards: Bool
    /// The app's own emojis for the buttons (install, #35); nil: buttons keep their Unicode emojis.
    public let emojis: AppEmojiBook?

    /// Text art in Discord: a line drawing in Braille dots, a phone's width. A bot cannot know a
    /// reader's theme, and shaded art made for the dark theme reads as a negative in the light
    /// one; outlines read the same in both (see docs/text-art.md).
    static let textArtOptions = TextArtOptions.lineDrawing(columns: TextArtLayout.phoneColumns)

    /// - Parameters:
    ///   - images: reads a stored picture (drawn as text art).
    ///   - premiumSKU: the SKU for premium buttons; nil: no button.
    ///   - textArtist: draws pictures as text art where they cannot be attached.
    ///   - books: makes a story's picture book for replies that offer one.
    ///   - chatPictures: reads a picture as it is uploaded (its WebP copy; the stored PNG stays
    ///     for books and text art); nil: pictures are uploaded as stored.
    ///   - sendsCards: new public messages are cards (docs/discord.md); false: embeds as before.
    public init(images: @escaping @Sendable (ImageID) async throws -> StoredImage?, premiumSKU: Snowflake? = nil,
                textArtist: (any PictureTextArtist)? = nil, books: (@Sendable (BookView) async throws -> ChatFile?)? = nil,
                chatPictures: (@Sendable (ImageID) async throws -> StoredImage?)? = nil, sendsCards: Bool = false,
                emojis: AppEmojiBook? = nil) {
        self.sendsCards = sendsCards
        self.emojis = emojis
        self.images = images
        self.chatPictures = chatPictures
        self.premiumSKU = premiumSKU
        self.textArtist = textArtist
        self.books = books
    }

    public func render(_ reply: ChatReply, capabilities: Capabilities) async throws -> Rendered {
        if usesCards(reply, capabilities) { return try await DiscordCardRenderer(base: self).card(reply, capabilities: capabilities) }
        var message = MessagePayload(flags: reply.isPrivate ? MessagePayload.ephemeral : nil)
        var files: [FileUpload] = []
        message.components = Self.actionRows(reply.buttons)
        if reply.offersPremium, let premiumSKU {
            message.components?.append(Component.actionRow([Component.premiumButton(sku: premiumSKU)]))
        }
        if let page = reply.page {
            let attaches = capabilities.canAttachFiles && !page.showsPictureAsText
            // The picture as uploaded where it is attached, else the stored one (drawn as text art).
            let image = try await capabilities.canEmbedLinks && attaches ? uploaded(of: page) : stored(of: page)
            // A picture that will not be attached is drawn as text art when it fits; the note
            // for managers stays only where the family asked for pictures.
            let note = image != nil && !capabilities.canAttachFiles && !page.showsPictureAsText ? Self.noPicturesNote : nil
            if capabilities.canEmbedLinks {
                var embed = Embed(title: page.title.fittingCodePoints(PayloadLimits.embedTitle),
                                  description: page.text.fittingCodePoints(PayloadLimits.embedDescription),
                                  color: Self.storyColor, footer: .init(text: page.footer.fittingCodePoints(PayloadLimits.embedFooter)))
                if let image, attaches {
                    let upload = pageUpload(page, image: image)
                    files.append(upload)
                    embed.image = .init(url: "attachment://\(upload.filename)")
                }
                message.embeds = [embed]
                message.content = reply.text.map { Self.fit($0) } ?? ""
                if let image, !attaches {
                    let rest = note ?? ""
                    let art = textArtBlock(image, budget: PayloadLimits.content - rest.codePointCount - 1)
                    let shown = [art, note].compactMap { $0 }
                    if !shown.isEmpty { message.content = shown.joined(separator: "\n") }
                }
            } else {
                let head = "**\(page.title)**"
                let tail = "\(page.text)\n\n*\(page.footer)*" + (note.map { "\n\n" + $0 } ?? "")
                let art = image.flatMap { textArtBlock($0, budget: PayloadLimits.content - head.codePointCount - tail.codePointCount - 4) }
                message.content = Self.fit(art.map { "\(head)\n\($0)\n\(tail)" } ?? "\(head)\n\n\(tail)")
                message.embeds = []
            }
            // An edit keeps only the attachments listed: the page's own picture, or none.
            message.attachments = []
        } else {
            message.content = Self.fit(reply.text ?? "")
            message.embeds = []
            message.attachments = []
            try await attachPictures(reply.pictures, capabilities: capabilities, to: &message, files: &files)
        }
        if let book = reply.book { try await attachBook(book, capabilities: capabilities, to: &message, files: &files) }
        DiscordMentionGuard.apply(to: &message)
        emojis?.decorate(&message)
        return Rendered(message: message, files: files)
    }

    /// The plain, safe rendering used after Discord refused the full one: no embed, the page's
    /// text trimmed into the message content, its picture as a plain attachment, the buttons kept.
    public func renderPlain(_ reply: ChatReply, capabilities: Capabilities) async throws -> Rendered {
        if usesCards(reply, capabilities) { return DiscordCardRenderer(base: self).minimalCard(reply) }
        var rendered = try await plain(reply, capabilities: capabilities)
        DiscordMentionGuard.apply(to: &rendered.message)
        emojis?.decorate(&rendered.message)
        return rendered
    }

    private func plain(_ reply: ChatReply, capabilities: Capabilities) async throws -> Rendered {
        var message = MessagePayload(flags: reply.isPrivate ? MessagePayload.ephemeral : nil)
        message.components = Self.actionRows(reply.buttons)
        message.embeds = []
        message.attachments = []
        var files: [FileUpload] = []
        guard let page = reply.page else {
            message.content = Self.fit(reply.text ?? "")
            if let book = reply.book { try await attachBook(book, capabilities: capabilities, to: &message, files: &files) }
            return Rendered(message: message, files: files)
        }
        let title = page.title.fittingCodePoints(80)
        let text = "**\(title)**\n\n\(page.text)\n\n*\(page.footer.fittingCodePoints(80))*"
        message.content = Self.fit(text)
        let attaches = capabilities.canAttachFiles && !page.showsPictureAsText
        guard let image = try await attaches ? uploaded(of: page) : stored(of: page) else { return Rendered(message: message, files: files) }
        if attaches {
            files.append(pageUpload(page, image: image))
        } else if let art = textArtBlock(image, budget: PayloadLimits.content - text.codePointCount - 1) {
            message.content = art + "\n" + text
        }
        return Rendered(message: message, files: files)
    }

    /// Whether `reply` is written as a card: always on a card, never on an embed message, and
    /// for a new message when it is public and the renderer sends cards.
    func usesCards(_ reply: ChatReply, _ capabilities: Capabilities) -> Bool {
        switch capabilities.layout {
        case .cards: true
        case .embeds: false
        case .new: sendsCards && !reply.isPrivate
        }
    }

    /// The picture's alt text: the page's moment, else which page it illustrates.
    static func pictureDescription(of page: PageView) -> String {
        (page.imageAlt ?? "Illustration for \(page.title), \(page.footer)").fittingCodePoints(PayloadLimits.attachmentDescription)
    }

    /// The page's picture as uploaded: the one read with the page (its chat form), else read by its id.
    func uploaded(of page: PageView) async throws -> StoredImage? {
        if let picture = page.picture, picture.id == page.imageID { return picture }
        return try await page.imageID.asyncMap(shown) ?? nil
    }

    /// The page's stored picture (lossless, for text art).
    func stored(of page: PageView) async throws -> StoredImage? {
        try await page.imageID.asyncMap(images) ?? nil
    }

    /// The picture as text art in a code block of at most `budget` code points (fences
    /// included), or nil when there is no artist, the picture cannot be read, or too little room.
    func textArtBlock(_ image: StoredImage, budget: Int) -> String? {
        let room = min(budget, PayloadLimits.content) - TextArtLayout.fenceCodePoints
        guard let textArtist, room > 0 else { return nil }
        return textArtist.textArt(of: image, options: Self.textArtOptions, maxCodePoints: room)?.codeBlock
    }

    static let noPicturesNote = "🖼️ *I can't show the pictures here — a server manager can let me **Attach Files** and **Embed Links** in this channel.*"

    /// Text within `limit` code points (Discord's content limit), cut at a word with "…" when it
    /// must be; empty when there is no room.
    static func fit(_ text: String, limit: Int = PayloadLimits.content) -> String {
        guard text.codePointCount > limit else { return text }
        guard limit > 1 else { return "" }
        let cut = text.fittingCodePoints(limit, ellipsis: "")
        let atWord = cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? cut
        return (atWord.isEmpty ? cut : atWord).fittingCodePoints(limit - 1, ellipsis: "") + "…"
    }

    /// The reply's buttons as action rows, labels within Discord's limit.
    static func actionRows(_ buttons: [[ChatButton]]) -> [Component] {
        buttons.map { row in
            Component.actionRow(row.map { button in
                Component.button(style: style(button.style), label: button.label.fittingCodePoints(PayloadLimits.buttonLabel),
                                 customID: button.id, disabled: button.disabled)
            })
        }
    }

    /// The page's picture (as uploaded) as its attachment.
    func pageUpload(_ page: PageView, image: StoredImage) -> FileUpload {
        FileUpload(filename: Self.filename(of: page, image: image), contentType: image.contentType, data: image.data,
                   description: Self.pictureDescription(of: page))
    }

    /// The picture with `id` as uploaded: its chat form (WebP) when chat pictures are read, else as stored.
    func shown(_ id: ImageID) async throws -> StoredImage? {
        try await (chatPictures ?? images)(id)
    }

    /// The attachment name of a page's picture (`page-2.webp`).
    static func filename(of page: PageView, image: StoredImage) -> String {
        "page-\(page.pageNumber).\(fileExtension(of: image))"
    }

    /// The file name extension for a picture's content type (png, jpg or webp).
    static func fileExtension(of image: StoredImage) -> String {
        switch image.contentType {
        case "image/jpeg": "jpg"
        case "image/webp": "webp"
        default: "png"
        }
    }

    static func style(_ style: ChatButton.Style) -> Int {
        switch style {
        case .primary: 1
        case .secondary: 2
        case .success: 3
        case .danger: 4
        }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
