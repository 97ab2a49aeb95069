import Foundation
import StoryBot
import StoryDomain
import Testing

/// Family text quoted in a reply is inert: it reads the same, but nothing in it links or pings.
@Suite("Quoted family text is inert")
struct QuotedTextTests {
    static let hostile = "[click](https://evil.example) https://evil.example <https://x.example> @everyone @here <@123> <#456> <@&789>"

    /// What a chat client would turn into a link or a mention.
    static func live(_ text: String) -> [String] {
        ["://", "](", "@everyone", "@here", "<@", "<#"].filter { text.contains($0) }
    }

    @Test("links, masked links and mentions are split by invisible joiners; without the joiners it reads exactly the same")
    func inert() {
        let quoted = QuotedText.inert(Self.hostile)
        #expect(Self.live(Self.hostile).count == 6)
        #expect(Self.live(quoted).isEmpty, "nothing left a client would link or ping: \(quoted)")
        #expect(quoted.replacingOccurrences(of: "\u{2060}", with: "") == Self.hostile)
        #expect(QuotedText.inert("a sleepy dragon, 5 years old: e-mail mia@home? 3 < 4") == "a sleepy dragon, 5 years old: e-mail mia@\u{2060}home? 3 <\u{2060} 4")
        #expect(QuotedText.inert("Owl Night") == "Owl Night", "ordinary words are untouched")
        #expect("A story about *\(quoted: "@everyone")*" == "A story about *@\u{2060}everyone*")
    }

    @Test("the replies that quote a theme, a hero or a title quote them inertly")
    func replies() {
        let renderer = ReplyRenderer()
        let request = StoryRequest(theme: Self.hostile, heroName: "@here", age: 5, pageCount: 3, seed: 1)
        let story = Story(id: StoryID(rawValue: "story1")!, family: FamilyRef(platform: "web", externalID: "f"),
                          requester: Requester(userID: "anna", displayName: "Anna"), request: request, createdAt: Date())
        let texts = [renderer.accepted(story).text, renderer.progress(.writing, story: story).text,
                     renderer.progress(.ready, story: story).text, renderer.progress(.painting(page: 1, of: 3), story: story).text]
        for text in texts {
            let text = text ?? ""
            #expect(text.contains("evil.example") && Self.live(text).isEmpty, "\(text)")
        }
    }
}
