import StoryDomain

/// A button under a message.
public struct ChatButton: Sendable, Equatable {
    public enum Style: String, Sendable, Equatable { case primary, secondary, success, danger }

    public var id: String
    public var label: String
    public var style: Style
    public var disabled: Bool

    public init(_ component: ComponentID, label: String, style: Style = .secondary, disabled: Bool = false) {
        id = component.encoded
        self.label = label
        self.style = style
        self.disabled = disabled
    }

    /// A button the page handles itself (``PageAction``): only platforms whose pages know it
    /// (the web chat) may be given one.
    public init(_ action: PageAction, label: String, style: Style = .secondary) {
        id = action.rawValue
        self.label = label
        self.style = style
        disabled = false
    }
}

/// One page of a story as shown in the chat.
public struct PageView: Sendable, Equatable {
    public var storyID: StoryID
    public var title: String
    public var text: String
    public var pageNumber: Int
    public var pageCount: Int
    /// Nil while the picture is still being painted (or illustrations are off). With
    /// ``showsPictureAsText`` the picture is shown as text art.
    public var imageID: ImageID?
    /// "page 2 of 5"
    public var footer: String
    /// The page's picture is still being painted: the page is shown without it, and fills in
    /// where it is shown once the picture is saved.
    public var awaitsPicture: Bool
    /// The family chose text art: platforms draw `imageID`'s picture as text, never attach it.
    public var showsPictureAsText: Bool
    /// `imageID`'s picture itself, when it was read with the page (a page turn on a platform
    /// that sends pictures, ``ChatResponder/sendsPictures``); otherwise platforms read it by id.
    public var picture: StoredImage?
    /// One sentence describing the page's moment (who is there, what they do, where): the
    /// picture's alt text. Nil when the page has no picture to describe.
    public var imageAlt: String?
    /// The story's colour (its Growth Collection's, else its palette's accent), for platforms
    /// that tint a page (Discord's card edge); nil: the platform's own.
    public var accent: RGB?

    public init(storyID: StoryID, title: String, text: String, pageNumber: Int, pageCount: Int, imageID: ImageID?, footer: String,
                awaitsPicture: Bool = false, showsPictureAsText: Bool = false, picture: StoredImage? = nil, imageAlt: String? = nil,
                accent: RGB? = nil) {
        self.accent = accent
        self.storyID = storyID
        self.title = title
        self.text = text
        self.pageNumber = pageNumber
        self.pageCount = pageCount
        self.imageID = imageID
        self.footer = footer
        self.awaitsPicture = awaitsPicture
        self.showsPictureAsText = showsPictureAsText
        self.picture = picture
        self.imageAlt = imageAlt
    }
}

/// What the bot says: text, optionally a story page, and rows of buttons. Platforms render it.
public struct ChatReply: Sendable, Equatable {
    /// Light markdown: `**bold**`, `*italic*`, line breaks.
    public var text: String?
    public var page: PageView?
    public var buttons: [[ChatButton]]
    /// Shown only to the person who asked (Discord: ephemeral).
    public var isPrivate: Bool
    /// The answer is about something premium allows: platforms with a store show its button.
    public var offersPremium: Bool
    /// A story's picture book to download (Discord: a PDF attachment; web chat: a link).
    public var book: BookView?
    /// A story read aloud, sent with the text.
    public var audio: ChatAudio?
    /// Pictures shown with the text (cast portraits), at most ``maxPictures``.
    public var pictures: [ChatPicture]
    /// An invite link, shown apart from the text (never in it).
    public var invite: ChatInvite?

    /// Pictures one reply shows (Discord: embeds and attachments per message).
    public static let maxPictures = 10

    public init(text: String? = nil, page: PageView? = nil, buttons: [[ChatButton]] = [], isPrivate: Bool = false,
                offersPremium: Bool = false, book: BookView? = nil, audio: ChatAudio? = nil, pictures: [ChatPicture] = [],
                invite: ChatInvite? = nil) {
        self.invite = invite
        self.pictures = Array(pictures.prefix(Self.maxPictures))
        self.text = text
        self.page = page
        self.buttons = buttons
        self.isPrivate = isPrivate
        self.offersPremium = offersPremium
        self.book = book
        self.audio = audio
    }

    public static func privateNote(_ text: String) -> ChatReply { ChatReply(text: text, isPrivate: true) }
}
