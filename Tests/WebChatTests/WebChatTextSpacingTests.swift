import Testing
@testable import WebChat

@Suite("A message's text on the page")
struct WebChatTextSpacingTests {
    @Test("at most one empty line in a row: a reply joined from an empty part (the approval bubble's) leaves no gap")
    func emptyLinesCollapse() {
        #expect(WebChatScript.source.contains(#"markdown(m.text.replace(/\n{3,}/g, "\n\n"))"#))
    }

    @Test("a vote button's count is joined to its choice's last word, so it never wraps onto a line of its own")
    func voteCountStaysWithItsChoice() {
        #expect(WebChatScript.source.contains(#"b.label.replace(/ · (\d+)$/, "\u00a0·\u00a0$1")"#))
    }
}
