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

    @Test("the art's paper is the web chat's own dark colour, so shaded art made light-on-dark is never a negative")
    func artMatchesItsPaper() throws {
        let css = WebChatPage.css
        let rule = try #require(css.range(of: "pre.art {").map { css[$0.upperBound...].prefix { $0 != "}" } })
        #expect(rule.contains("background:#0b0e22") && rule.contains("color:#f4f1ff"), "\(rule)")
        #expect(WebChatServer.textArtOptions.invert == false && WebChatServer.textArtOptions.outline == false)
    }
}
