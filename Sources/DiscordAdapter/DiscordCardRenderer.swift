import DiscordModels
import DiscordREST
import Foundation
import StoryBot
import StoryDomain

/// Writes a reply as one card: a layout message (flag `IS_COMPONENTS_V2`) holding one Container
/// tinted with the story's colour. A page: the picture (Media Gallery, `attachment://`), the
/// title and page text, "page 2 of 5" and the buttons. Today's rendering rules, as cards: no
/// Attach Files permission or text art chosen → the picture as text art in a Text Display;
/// illustrations off → no picture; other replies (lists) → their text, and portraits as Sections
/// with a Thumbnail. A card has no `content` and no `embeds`; all its Text Displays together stay
/// within Discord's 4,000 code points and it stays within 40 components.
struct DiscordCardRenderer {
    let base: DiscordMessageRenderer

    /// Room kept for the small lines of a page card (footer, notes) before its page text.
    private static let footerRoom = 300

    func card(_ reply: ChatReply, capabilities: DiscordMessageRenderer.Capabilities) async throws -> DiscordMessageRenderer.Rendered {
        var children: [Component] = []
        var files: [FileUpload] = []
        var accent = DiscordMessageRenderer.storyColor
        var budget = PayloadLimits.textDisplayTotal
        func add(_ text: String) {
            let fitted = Self.fit(text, budget)
            guard !fitted.isEmpty else { return }
            budget -= fitted.codePointCount
            children.append(.textDisplay(fitted))
        }
        if let text = reply.text, !text.isEmpty { add(Self.fit(text, PayloadLimits.content)) }
        if let page = reply.page {
            accent = page.accent.map(Self.color) ?? accent
            try await addPage(page, capabilities: capabilities, to: &children, files: &files, budget: &budget)
        } else {
            try await addPictures(reply.pictures, capabilities: capabilities, room: Self.pictureRoom(reply),
                                  to: &children, files: &files, budget: &budget)
        }
        if let book = reply.book { try await addBook(book, capabilities: capabilities, to: &children, files: &files, budget: &budget) }
        children += rows(reply)
        if children.isEmpty { children.append(.textDisplay("📖")) }
        var message = MessagePayload(components: [.container(children, accentColor: accent)],
                                     flags: MessagePayload.componentsV2 | (reply.isPrivate ? MessagePayload.ephemeral : 0), attachments: [])
        DiscordMentionGuard.apply(to: &message)
        base.emojis?.decorate(&message)
        return DiscordMessageRenderer.Rendered(message: message, files: files)
    }

    /// The card sent after Discord refused the full one: one Container with the text only (the
    /// page's title, text and footer), the buttons kept; no picture, no colour, never `content`.
    func minimalCard(_ reply: ChatReply) -> DiscordMessageRenderer.Rendered {
        let text = if let page = reply.page {
            "**\(page.title.fittingCodePoints(80))**\n\n\(page.text)\n\n*\(page.footer.fittingCodePoints(80))*"
        } else {
            reply.text ?? ""
        }
        var children = [Component.textDisplay(Self.fit(text.isEmpty ? "📖" : text, PayloadLimits.content))]
        children += rows(reply)
        var message = MessagePayload(components: [.container(children)],
                                     flags: MessagePayload.componentsV2 | (reply.isPrivate ? MessagePayload.ephemeral : 0), attachments: [])
        DiscordMentionGuard.apply(to: &message)
        base.emojis?.decorate(&message)
        return DiscordMessageRenderer.Rendered(message: message, files: [])
    }

    private func addPage(_ page: PageView, capabilities: DiscordMessageRenderer.Capabilities, to children: inout [Component],
                         files: inout [FileUpload], budget: inout Int) async throws {
        let attaches = capabilities.canAttachFiles && !page.showsPictureAsText
        let image = try await attaches ? base.uploaded(of: page) : base.stored(of: page)
        if let image, attaches {
            let upload = base.pageUpload(page, image: image)
            files.append(upload)
            children.append(.mediaGallery([MediaGalleryItem(url: "attachment://\(upload.filename)",
                                                             description: DiscordMessageRenderer.pictureDescription(of: page))]))
        }
        let heading = "## \(page.title.fittingCodePoints(PayloadLimits.embedTitle))\n"
        let body = Self.fit(heading + page.text, max(0, budget - Self.footerRoom))
        children.append(.textDisplay(body))
        budget -= body.codePointCount
        let footer = "-# \(page.footer.fittingCodePoints(200))"
        budget -= footer.codePointCount
        // The family asked for pictures the bot may not attach here: the note for managers.
        let note = image != nil && !capabilities.canAttachFiles && !page.showsPictureAsText ? DiscordMessageRenderer.noPicturesNote : nil
        budget -= note?.codePointCount ?? 0
        if let image, !attaches, let art = base.textArtBlock(image, budget: budget) {
            children.append(.textDisplay(art))
            budget -= art.codePointCount
        }
        if let note { children.append(.textDisplay(note)) }
        children.append(.textDisplay(footer))
    }

    /// Portraits as Sections (the caption beside a Thumbnail), where files may be attached; else the note.
    private func addPictures(_ pictures: [ChatPicture], capabilities: DiscordMessageRenderer.Capabilities, room: Int,
                             to children: inout [Component], files: inout [FileUpload], budget: inout Int) async throws {
        guard !pictures.isEmpty else { return }
        guard capabilities.canAttachFiles else {
            let note = DiscordMessageRenderer.noPicturesNote
            if budget >= note.codePointCount { children.append(.textDisplay(note)); budget -= note.codePointCount }
            return
        }
        for (index, picture) in pictures.prefix(min(room, PayloadLimits.attachments)).enumerated() {
            guard let image = try await base.shown(picture.imageID) else { continue }
            let filename = "portrait-\(index + 1).\(DiscordMessageRenderer.fileExtension(of: image))"
            files.append(FileUpload(filename: filename, contentType: image.contentType, data: image.data,
                                    description: "Portrait of \(picture.caption)".fittingCodePoints(PayloadLimits.attachmentDescription)))
            let caption = Self.fit("**\(picture.caption)**", min(budget, 200))
            budget -= caption.codePointCount
            children.append(.section([.textDisplay(caption.isEmpty ? "🖼️" : caption)], accessory: .thumbnail(url: "attachment://\(filename)")))
        }
    }

    /// The picture book as a File component (its PDF attached), else the note saying why it is missing.
    private func addBook(_ book: BookView, capabilities: DiscordMessageRenderer.Capabilities, to children: inout [Component],
                         files: inout [FileUpload], budget: inout Int) async throws {
        var note: String?
        if !capabilities.canAttachFiles {
            note = DiscordMessageRenderer.noBookAttachNote
        } else if let books = base.books, let file = try await books(book) {
            files.append(FileUpload(filename: file.filename, contentType: file.contentType, data: Data(file.data),
                                    description: "Picture book: \(book.title)".fittingCodePoints(PayloadLimits.attachmentDescription)))
            children.append(.file(url: "attachment://\(file.filename)"))
        } else {
            note = DiscordMessageRenderer.noBookNote
        }
        if let note, budget >= note.codePointCount {
            children.append(.textDisplay(note))
            budget -= note.codePointCount
        }
    }

    /// The reply's buttons (and the premium button) as Action Rows inside the card.
    private func rows(_ reply: ChatReply) -> [Component] {
        var rows = DiscordMessageRenderer.actionRows(reply.buttons)
        if reply.offersPremium, let sku = base.premiumSKU { rows.append(.actionRow([.premiumButton(sku: sku)])) }
        return rows
    }

    /// How many portraits fit in the 40 components: each is a Section, a Text Display and a Thumbnail.
    private static func pictureRoom(_ reply: ChatReply) -> Int {
        let buttons = reply.buttons.reduce(0) { $0 + 1 + $1.count } + (reply.offersPremium ? 2 : 0)
        // The message's Container, the reply's text, a book's File or note.
        let fixed = 1 + 1 + 1
        return max(0, (PayloadLimits.layoutComponents - fixed - buttons) / 3)
    }

    /// `0xRRGGBB` of a colour.
    static func color(_ rgb: RGB) -> Int { Int(rgb.red) << 16 | Int(rgb.green) << 8 | Int(rgb.blue) }

    static func fit(_ text: String, _ limit: Int) -> String { DiscordMessageRenderer.fit(text, limit: limit) }
}
