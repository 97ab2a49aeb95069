import Foundation

/// An encoded picture (PNG, JPEG or WebP bytes) with its size.
public struct Illustration: Hashable, Sendable {
    public var data: Data
    public var contentType: String
    public var width: Int
    public var height: Int
    /// What painting it used at a model provider (nil for the built-in illustrator).
    public var usage: ProviderUsage?
    /// The form chats are sent it in, when the illustrator made it from its own pixels (the
    /// built-in illustrator: a WebP written from its canvas); nil: it is made from `data`.
    public var chatForm: ChatForm?

    public init(data: Data, contentType: String, width: Int, height: Int, usage: ProviderUsage? = nil, chatForm: ChatForm? = nil) {
        self.data = data
        self.contentType = contentType
        self.width = width
        self.height = height
        self.usage = usage
        self.chatForm = chatForm
    }
}

/// Everything an illustrator needs to paint one page consistently with the others.
public struct IllustrationRequest: Sendable {
    public var title: String
    public var sheet: CharacterSheet
    public var page: WrittenPage
    /// 1-based.
    public var pageNumber: Int
    public var pageCount: Int
    /// The previous page's picture, so the hero stays the same (nil on page 1).
    public var previous: Illustration?
    public var seed: UInt64
    /// Pictures kept for the sheet's characters (`CharacterDesign.referencePicture`), for model
    /// illustrators to send as reference images; the built-in illustrator draws from the sheet alone.
    public var references: [Illustration] = []
    /// Who the picture is for (the story's ``StoryAudience``): the composition root chooses the
    /// illustrator by it.
    public var audience: StoryAudience = .family

    public init(title: String, sheet: CharacterSheet, page: WrittenPage, pageNumber: Int, pageCount: Int,
                previous: Illustration?, seed: UInt64) {
        self.title = title
        self.sheet = sheet
        self.page = page
        self.pageNumber = pageNumber
        self.pageCount = pageCount
        self.previous = previous
        self.seed = seed
    }
}
