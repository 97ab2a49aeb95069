import Foundation
import StoryBot
import StoryDomain
import Testing
import Textify
@testable import WebChat

@Suite("Web chat wire format: text-art pages")
struct WebChatTextArtWireTests {
    @Test("a page to be drawn as text links its text art instead of its picture")
    func textArtPage() throws {
        let imageID = WebChatWireTests.imageID
        let page = PageView(storyID: WebChatWireTests.storyID, title: "Owl Night", text: "The owl slept.", pageNumber: 1, pageCount: 3,
                            imageID: imageID, footer: "page 1 of 3", showsPictureAsText: true)
        let message = WebChatMessage(id: "m1", reply: ChatReply(page: page), createdAt: WebChatWireTests.at)
        let wirePage = try #require(try WebChatWireTests.json(message)["page"] as? [String: Any])
        #expect(wirePage["imageUrl"] == nil)
        #expect(wirePage["textArtUrl"] as? String == "/images/\(imageID.rawValue)/art")
        let plain = WebChatMessage(id: "m2", reply: ChatReply(page: PageView(
            storyID: WebChatWireTests.storyID, title: "Owl Night", text: "The owl slept.", pageNumber: 1, pageCount: 3,
            imageID: imageID, footer: "page 1 of 3")), createdAt: WebChatWireTests.at)
        #expect(plain.page?.textArtUrl == nil && plain.page?.imageUrl == "/images/\(imageID.rawValue)")
    }

    @Test("the art has the web chat's own dark paper and light ink")
    func artMatchesItsPaper() throws {
        let css = WebChatPage.css
        let rule = try #require(css.range(of: "pre.art {").map { css[$0.upperBound...].prefix { $0 != "}" } })
        #expect(rule.contains("background:#0b0e22") && rule.contains("color:#f4f1ff"), "\(rule)")
        #expect(WebChatServer.textArtOptions.invert == false)
    }

    @Test("illustrations:text is a Braille line drawing, never the shade blocks that blur into a grey blob on a phone")
    func lineDrawingNotShadeBlocks() throws {
        let options = WebChatServer.textArtOptions
        #expect(options.palette == .braille && options.outline)
        #expect(options.palette != .blocks)
        // A figure on a flat background: its outline is drawn, the background left empty, and no
        // character of the art is a shade block.
        let figure = try #require(GrayImage(width: 240, height: 160) { x, y in
            let dx = Double(x - 120), dy = Double(y - 80)
            return dx * dx + dy * dy < 40 * 40 ? 0.1 : 0.8
        })
        let art = Textifier(options: options).render(figure)
        let used = Set(art.lines.joined().unicodeScalars)
        #expect(used.isDisjoint(with: Set("░▒▓█".unicodeScalars)))
        #expect(used.allSatisfy { (0x2800...0x28FF).contains($0.value) })
        let empty = Unicode.Scalar(0x2800)!
        #expect(art.lines.first?.unicodeScalars.allSatisfy { $0 == empty } == true, "the flat background is empty")
        #expect(art.lines[art.rows / 2].unicodeScalars.contains { $0 != empty }, "the figure's outline is drawn")
    }
}
