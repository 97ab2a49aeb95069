import StoryBot
import StoryDomain
import TelegramBotAPI

/// A reply as Telegram shows it: a text message, or a page's photo with its caption (and the
/// page's text in a message under it when it does not fit a caption), with an inline keyboard.
struct TelegramRenderedMessage: Sendable {
    /// The message's text, or the photo's caption.
    var text: TelegramHTML.Text
    /// The page's picture, sent as a photo.
    var photo: ImageID?
    /// The page's text, when it did not fit in the caption.
    var under: TelegramHTML.Text?
    /// A page whose picture is not painted yet, as a caption (and text under it) for the photo
    /// message already showing another page: a page turn keeps the message a photo.
    var pageCaption: (caption: TelegramHTML.Text, under: TelegramHTML.Text?)?
    var keyboard: TelegramInlineKeyboard?

    /// Telegram's limits, counted on the visible text.
    static let maxCaption = 1_024
    static let maxText = 4_096

    init(text: TelegramHTML.Text, photo: ImageID? = nil, under: TelegramHTML.Text? = nil, keyboard: TelegramInlineKeyboard? = nil) {
        self.text = text
        self.photo = photo
        self.under = under
        self.keyboard = keyboard
    }

    /// Renders `reply`: a page with a painted picture becomes a photo; everything else text.
    init(_ reply: ChatReply) {
        keyboard = Self.keyboard(reply.buttons)
        let intro = reply.text.map { TelegramHTML.fromMarkdown($0) + TelegramHTML.plain("\n\n") }
        guard let page = reply.page else {
            // Telegram refuses an empty message: a reply of only a book or audio says what it is.
            let words = reply.text.flatMap { $0.isEmpty ? nil : $0 } ?? (reply.audio != nil ? "🔊" : "📖")
            text = TelegramHTML.fitted(TelegramHTML.fromMarkdown(words), limit: Self.maxText)
            return
        }
        let title = TelegramHTML.tagged("b", page.title)
        let footer = TelegramHTML.tagged("i", page.footer)
        let body = (intro ?? TelegramHTML.plain("")) + TelegramHTML.fromMarkdown(page.text)
        let whole = title + TelegramHTML.plain("\n\n") + body + TelegramHTML.plain("\n\n") + footer
        let picture = page.showsPictureAsText || page.awaitsPicture ? nil : page.imageID
        photo = picture
        let asCaption: (TelegramHTML.Text, TelegramHTML.Text?) = whole.length <= Self.maxCaption
            ? (whole, nil)
            : (TelegramHTML.fitted(title + TelegramHTML.plain("\n") + footer, limit: Self.maxCaption), TelegramHTML.fitted(body, limit: Self.maxText))
        guard picture != nil else {
            text = TelegramHTML.fitted(whole, limit: Self.maxText)
            pageCaption = asCaption
            return
        }
        (text, under) = asCaption
    }

    /// The reply's buttons that Telegram can carry: enabled, with `callback_data` of at most 64 bytes.
    static func keyboard(_ rows: [[ChatButton]]) -> TelegramInlineKeyboard? {
        let kept = rows.map { row in
            row.filter { !$0.disabled && (1...TelegramInlineKeyboard.maxCallbackDataBytes).contains($0.id.utf8.count) }
                .map { TelegramInlineButton(text: $0.label, callbackData: $0.id) }
        }.filter { !$0.isEmpty }
        return kept.isEmpty ? nil : TelegramInlineKeyboard(kept)
    }
}
