import DiscordModels
import DiscordREST
import Foundation
import StoryBot
import StoryDomain

/// Turns a platform-neutral ``ChatReply`` into a Discord message: a page becomes an embed with
/// title, text, `attachment://` picture and "page 1 of 5" footer; buttons become action rows.
/// Where the bot may not attach files or embed links, the page is plain text with a short note.
public struct DiscordMessageRenderer: Sendable {
    /// What the bot may do in the channel (from `app_permissions`).
    public struct Capabilities: Sendable, Equatable {
        public var canAttachFiles: Bool
        public var canEmbedLinks: Bool

        public init(canAttachFiles: Bool, canEmbedLinks: Bool) {
            self.canAttachFiles = canAttachFiles
            self.canEmbedLinks = canEmbedLinks
        }

        public static let all = Capabilities(canAttachFiles: true, canEmbedLinks: true)

        public init(_ permissions: Permissions?) {
            // Without app_permissions (older payloads), assume the usual bot permissions.
            guard let permissions else { self = .all; return }
            let admin = permissions.contains(.administrator)
            canAttachFiles = admin || permissions.contains(.attachFiles)
            canEmbedLinks = admin || permissions.contains(.embedLinks)
        }
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

    /// - Parameters:
    ///   - images: reads a stored picture for a page.
    ///   - premiumSKU: the SKU for premium buttons; nil: no button.
    public init(images: @escaping @Sendable (ImageID) async throws -> StoredImage?, premiumSKU: Snowflake? = nil) {
        self.images = images
        self.premiumSKU = premiumSKU
    }

    public func render(_ reply: ChatReply, capabilities: Capabilities) async throws -> Rendered {
        var message = MessagePayload(flags: reply.isPrivate ? MessagePayload.ephemeral : nil)
        var files: [FileUpload] = []
        message.components = Self.actionRows(reply.buttons)
        if reply.offersPremium, let premiumSKU {
            message.components?.append(Component.actionRow([Component.premiumButton(sku: premiumSKU)]))
        }
        if let page = reply.page {
            let image = try await page.imageID.asyncMap(images) ?? nil
            if capabilities.canEmbedLinks {
                var embed = Embed(title: page.title.fittingCodePoints(PayloadLimits.embedTitle),
                                  description: page.text.fittingCodePoints(PayloadLimits.embedDescription),
                                  color: Self.storyColor, footer: .init(text: page.footer.fittingCodePoints(PayloadLimits.embedFooter)))
                if let image, capabilities.canAttachFiles {
                    let filename = Self.filename(of: page, image: image)
                    files.append(FileUpload(filename: filename, contentType: image.contentType, data: image.data,
                                            description: "Illustration for \(page.title), \(page.footer)"
                                                .fittingCodePoints(PayloadLimits.attachmentDescription)))
                    embed.image = .init(url: "attachment://\(filename)")
                }
                message.embeds = [embed]
                message.content = reply.text.map(Self.fit) ?? ""
                if image != nil, !capabilities.canAttachFiles {
                    message.content = Self.noPicturesNote
                }
            } else {
                var text = "**\(page.title)**\n\n\(page.text)\n\n*\(page.footer)*"
                if image != nil { text += "\n\n" + Self.noPicturesNote }
                message.content = Self.fit(text)
                message.embeds = []
            }
            // An edit keeps only the attachments listed: the page's own picture, or none.
            message.attachments = []
        } else {
            message.content = Self.fit(reply.text ?? "")
            message.embeds = []
            message.attachments = []
        }
        return Rendered(message: message, files: files)
    }

    /// The plain, safe rendering used after Discord refused the full one: no embed, the page's
    /// text trimmed into the message content, its picture as a plain attachment, the buttons kept.
    public func renderPlain(_ reply: ChatReply, capabilities: Capabilities) async throws -> Rendered {
        var message = MessagePayload(flags: reply.isPrivate ? MessagePayload.ephemeral : nil)
        message.components = Self.actionRows(reply.buttons)
        message.embeds = []
        message.attachments = []
        var files: [FileUpload] = []
        guard let page = reply.page else {
            message.content = Self.fit(reply.text ?? "")
            return Rendered(message: message, files: files)
        }
        let title = page.title.fittingCodePoints(80)
        message.content = Self.fit("**\(title)**\n\n\(page.text)\n\n*\(page.footer.fittingCodePoints(80))*")
        if capabilities.canAttachFiles, let image = try await page.imageID.asyncMap(images) ?? nil {
            files.append(FileUpload(filename: Self.filename(of: page, image: image), contentType: image.contentType, data: image.data))
        }
        return Rendered(message: message, files: files)
    }

    static let noPicturesNote = "🖼️ *I can't show the pictures here — a server manager can let me **Attach Files** and **Embed Links** in this channel.*"

    /// Text within Discord's content limit (in code points), cut at a word when it must be.
    static func fit(_ text: String) -> String {
        guard text.codePointCount > PayloadLimits.content else { return text }
        let cut = text.fittingCodePoints(PayloadLimits.content, ellipsis: "")
        let atWord = cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? cut
        return (atWord.isEmpty ? cut : atWord).fittingCodePoints(PayloadLimits.content - 1, ellipsis: "") + "…"
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

    /// The attachment name of a page's picture (`page-2.png`).
    static func filename(of page: PageView, image: StoredImage) -> String {
        "page-\(page.pageNumber).\(image.contentType == "image/jpeg" ? "jpg" : "png")"
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
