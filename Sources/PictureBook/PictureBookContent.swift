import Foundation

/// What goes into a picture book: a cover and the story's pages, each with its picture (if any).
public struct PictureBookContent: Sendable, Equatable {
    /// One page of the story.
    public struct Page: Sendable, Equatable {
        public var text: String
        /// The page's picture as stored: PNG, JPEG or WebP bytes; nil for a page without one.
        public var picture: Data?
        /// The picture described in a sentence (its alt text); nil says "Illustration for page N".
        public var pictureAlt: String?

        public init(text: String, picture: Data?, pictureAlt: String? = nil) {
            self.text = text
            self.picture = picture
            self.pictureAlt = pictureAlt
        }
    }

    public var title: String
    /// The hero, named on the cover ("A bedtime story for Mia"); nil leaves the line out.
    public var heroName: String?
    /// When the story was made, shown on the cover.
    public var date: Date
    public var pages: [Page]
    /// The story's language code, for the EPUB edition (`en`, `fr`…).
    public var language: String

    public init(title: String, heroName: String?, date: Date, pages: [Page], language: String = "en") {
        self.title = title
        self.heroName = heroName
        self.date = date
        self.pages = pages
        self.language = language
    }

    /// The cover's date line, e.g. "25 November 2026" (in UTC, so every reader sees the same day).
    public var dateLine: String {
        var style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: "en_GB"))
        style.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return date.formatted(style)
    }

    /// The PDF's page count: the cover and one page per story page.
    public var pdfPageCount: Int { pages.count + 1 }
}
