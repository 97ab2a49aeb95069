import Foundation
import StoryBot
import StoryDomain

/// A message as the web page shows it: who said it, text, an optional story page, buttons.
public struct WebChatMessage: Codable, Sendable, Equatable {
    public struct Page: Codable, Sendable, Equatable {
        public var storyId: String
        public var title: String
        public var text: String
        public var pageNumber: Int
        public var pageCount: Int
        public var imageUrl: String?
        /// The page's picture drawn as text art (plain text), for families who chose text art.
        public var textArtUrl: String?
        public var footer: String
        /// A sentence describing the page's moment, for the picture's alt text (and the text art's label).
        public var imageAlt: String?
    }

    /// A story's picture book: members download the PDF from `url`.
    public struct Book: Codable, Sendable, Equatable {
        public var url: String
        public var filename: String
        public var title: String
    }

    /// A picture shown with a message (a cast member's portrait), from the members-only `/images/{id}`.
    public struct Picture: Codable, Sendable, Equatable {
        public var url: String
        public var caption: String
    }

    /// A story read aloud: an `<audio>` player on the room's members-only audio address.
    public struct Audio: Codable, Sendable, Equatable {
        /// `/audio/{storyId}/{p2|whole}`
        public var url: String
        public var durationSeconds: Double
        /// "1:05"
        public var durationText: String
    }

    /// An invite link the page shows with Copy and Share buttons (never in the text).
    public struct Invite: Codable, Sendable, Equatable {
        public var url: String
        /// `child` or `grown-up`
        public var role: String
        /// "for 7 days"
        public var expiresText: String
        /// "works once"
        public var usesText: String
        /// Set when phones cannot open the link (a loopback address): what to change.
        public var warning: String?
    }

    public struct Button: Codable, Sendable, Equatable {
        public var id: String
        public var label: String
        public var style: String
        public var disabled: Bool
    }

    public var id: String
    public var author: String
    public var authorId: String
    public var fromBot: Bool
    public var text: String?
    public var page: Page?
    public var book: Book?
    public var buttons: [[Button]]
    /// Narration to play, if any.
    public var audio: Audio?
    /// Pictures shown with the text (cast portraits); nil when there are none.
    public var pictures: [Picture]?
    /// An invite link, shown apart from the text; nil when there is none.
    public var invite: Invite?
    /// Only the person it is for sees it; never stored.
    public var isPrivate: Bool
    public var createdAt: Date

    /// The bot's message for a reply.
    init(id: String, reply: ChatReply, createdAt: Date) {
        self.id = id
        author = "Magical Stories"
        authorId = "bot"
        fromBot = true
        text = reply.text
        page = reply.page.map { view in
            Page(storyId: view.storyID.rawValue, title: view.title, text: view.text, pageNumber: view.pageNumber,
                 pageCount: view.pageCount, imageUrl: view.showsPictureAsText ? nil : view.imageID.map { "/images/\($0.rawValue)" },
                 textArtUrl: view.showsPictureAsText ? view.imageID.map { "/images/\($0.rawValue)/art" } : nil, footer: view.footer,
                 imageAlt: view.imageAlt)
        }
        book = reply.book.map {
            Book(url: "/books/\($0.storyID.rawValue)" + ($0.format == .epub ? "/epub" : ""), filename: $0.filename, title: $0.title)
        }
        buttons = reply.buttons.map { row in
            row.map { Button(id: $0.id, label: $0.label, style: $0.style.rawValue, disabled: $0.disabled) }
        }
        audio = reply.audio.map {
            Audio(url: "/audio/\($0.storyID.rawValue)/\($0.part.key)", durationSeconds: ($0.duration * 10).rounded() / 10,
                  durationText: $0.durationText)
        }
        pictures = reply.pictures.isEmpty ? nil : reply.pictures.map { Picture(url: "/images/\($0.imageID.rawValue)", caption: $0.caption) }
        invite = reply.invite.map {
            Invite(url: $0.url, role: $0.role.rawValue, expiresText: $0.expiresText, usesText: $0.usesText, warning: $0.warning)
        }
        isPrivate = reply.isPrivate
        self.createdAt = createdAt
    }

    /// A family member's message.
    init(id: String, author: String, authorId: String, text: String, createdAt: Date) {
        self.id = id
        self.author = author
        self.authorId = authorId
        fromBot = false
        self.text = text
        page = nil
        book = nil
        buttons = []
        audio = nil
        pictures = nil
        invite = nil
        isPrivate = false
        self.createdAt = createdAt
    }
}

extension WebChatMessage {
    /// Whether a press of `buttonID` may update this message in place: a bot message that
    /// carries the button, or, for a page turn (two readers may press at once), one showing a
    /// page of the story the button turns. Never a member's message.
    func carries(_ buttonID: String) -> Bool {
        guard fromBot else { return false }
        if buttons.contains(where: { row in row.contains { $0.id == buttonID } }) { return true }
        switch ComponentID(encoded: buttonID) {
        case let .page(story, _)?, let .firstPage(story)?: return page?.storyId == story.rawValue
        default: return false
        }
    }
}

extension WebChatMessage {
    /// The story whose page, book or narration this message shows (the page takes such a
    /// message away when the story is deleted); nil for any other message.
    var shownStory: String? {
        if let page { return page.storyId }
        if let url = book?.url ?? audio?.url {
            // `/books/{story}[/epub]`, `/audio/{story}/{part}`
            let parts = url.split(separator: "/")
            return parts.count >= 2 ? String(parts[1]) : nil
        }
        return nil
    }
}

/// What the page sends.
struct WebChatClientFrame: Decodable {
    enum Kind: String, Decodable { case say, press, ping }
    var type: Kind
    var text: String?
    /// With `press`: the button's id and the message it is on.
    var buttonId: String?
    var messageId: String?
}

/// What the server sends.
struct WebChatServerFrame: Encodable {
    enum Kind: String, Encodable { case welcome, history, message, withdrawn, storyDeleted, notice, pong }
    var type: Kind
    var message: WebChatMessage?
    /// With `withdrawn`: the public message taken back (the page removes it).
    var messageId: String?
    var messages: [WebChatMessage]?
    var text: String?
    var room: String?
    var userId: String?
    var name: String?
    /// With `welcome`: the room's name as written, and the member's role.
    var roomName: String?
    var role: String?
    /// With `storyDeleted`: the story whose messages the page removes.
    var storyId: String?

    static func message(_ message: WebChatMessage) -> Self { .init(type: .message, message: message) }
    static func notice(_ text: String) -> Self { .init(type: .notice, text: text) }
    static func withdrawn(_ messageID: String) -> Self { .init(type: .withdrawn, messageId: messageID) }
    static func storyDeleted(_ storyID: String) -> Self { .init(type: .storyDeleted, storyId: storyID) }
}

/// JSON coding shared by the web chat (ISO 8601 dates).
enum WebChatJSON {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static func text<T: Encodable>(_ value: T) -> String {
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
