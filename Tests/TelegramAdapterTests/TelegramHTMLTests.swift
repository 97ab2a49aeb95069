import StoryBot
import StoryDomain
import TelegramBotAPI
@testable import TelegramAdapter
import Testing

@Suite struct TelegramHTMLTests {
    @Test func lightMarkdownBecomesTags() {
        let text = TelegramHTML.fromMarkdown("✨ A story about *a dragon* for **Mia** — try `/story read`")
        #expect(text.html == "✨ A story about <i>a dragon</i> for <b>Mia</b> — try <code>/story read</code>")
        #expect(text.visible == "✨ A story about a dragon for Mia — try /story read")
    }

    @Test func familyTextIsAlwaysEscaped() {
        let hostile = "<b>Mia</b> & _Leo_ [x](tg://user?id=1) ~~ > #"
        let text = TelegramHTML.fromMarkdown("for " + hostile)
        #expect(text.html == "for &lt;b&gt;Mia&lt;/b&gt; &amp; _Leo_ [x](tg://user?id=1) ~~ &gt; #")
        #expect(text.visible == "for " + hostile)
    }

    @Test func markersThatDoNotPairLeaveTheTextPlain() {
        let text = TelegramHTML.fromMarkdown("**bold *and** odd*")
        #expect(!text.html.contains("<b>"))
        #expect(text.visible == "**bold *and** odd*")
        let unclosed = TelegramHTML.fromMarkdown("a *star")
        #expect(unclosed.html == "a *star")
    }

    @Test func backslashEscapesShowTheCharacter() {
        let text = TelegramHTML.fromMarkdown(#"5 \* 3 = fifteen"#)
        #expect(text.html == "5 * 3 = fifteen")
    }

    @Test func fittingCutsOnVisibleLength() {
        let text = TelegramHTML.plain(String(repeating: "é", count: 2_000))
        let fitted = TelegramHTML.fitted(text, limit: 1_024)
        #expect(fitted.length <= 1_024)
        #expect(fitted.visible.hasSuffix("…"))
    }

    @Test func commandsForThisBotOnly() {
        #expect(TelegramCommandText.command("/story@OurBot new theme:x", botUsername: "ourbot") == "/story new theme:x")
        #expect(TelegramCommandText.command("/story new theme:x", botUsername: "OurBot") == "/story new theme:x")
        #expect(TelegramCommandText.command("/story@OtherBot new", botUsername: "OurBot") == nil)
        #expect(TelegramCommandText.command("hello there", botUsername: "OurBot") == nil)
    }

    @Test func theMenuFitsTelegramsRules() {
        let commands = TelegramCommandMenu.commands
        #expect(commands.contains { $0.command == "story" })
        #expect(!commands.contains { $0.command == "family" })
        for command in commands {
            #expect((1...32).contains(command.command.count))
            #expect((1...256).contains(command.description.count))
        }
    }

    @Test func aPageIsAPhotoWithItsTextAsCaptionAndVersionedButtons() throws {
        let story = try #require(StoryID(rawValue: "0123456789abcdef0123456789abcdef"))
        let view = PageView(storyID: story, title: "Mia <3 & *Leo*", text: "Once upon a time.", pageNumber: 1, pageCount: 3,
                            imageID: ImageID(rawValue: "img1"), footer: "page 1 of 3")
        let reply = ChatReply(page: view, buttons: [[ChatButton(.firstPage(story), label: "⏮", disabled: true),
                                                     ChatButton(.page(story, 2), label: "▶")],
                                                    [ChatButton(.listen(story, 1), label: "🔊 Read aloud")]])
        let rendered = TelegramRenderedMessage(reply)
        #expect(rendered.photo == ImageID(rawValue: "img1"))
        #expect(rendered.text.html.hasPrefix("<b>Mia &lt;3 &amp; *Leo*</b>"))
        #expect(rendered.under == nil)
        let rows = try #require(rendered.keyboard).inlineKeyboard
        #expect(rows.map { $0.map(\.text) } == [["▶"], ["🔊 Read aloud"]])
        #expect(rows.joined().allSatisfy { ($0.callbackData?.utf8.count ?? 99) <= 64 && $0.callbackData?.hasPrefix("ms:") == true })
    }

    @Test func aLongPageGoesUnderThePhoto() throws {
        let story = try #require(StoryID(rawValue: "0123456789abcdef0123456789abcdef"))
        let view = PageView(storyID: story, title: "Title", text: String(repeating: "word ", count: 300), pageNumber: 1, pageCount: 3,
                            imageID: ImageID(rawValue: "img1"), footer: "page 1 of 3")
        let rendered = TelegramRenderedMessage(ChatReply(page: view))
        #expect(rendered.text.length <= 1_024)
        #expect(try #require(rendered.under).visible.hasPrefix("word word"))
    }
}
