import DiscordModels
import Testing

@Suite("Lengths as Discord counts them")
struct CodePointLengthTests {
    @Test("a zalgo letter is one Character but many code points")
    func countsCodePoints() {
        let zalgo = "a\u{0301}\u{0302}\u{0303}"
        #expect(zalgo.count == 1)
        #expect(zalgo.codePointCount == 4)
        #expect("👨‍👩‍👧".codePointCount == 5)
    }

    @Test("cutting keeps whole letters and emoji and ends with …", arguments: [
        String(repeating: "e\u{0301}\u{0302}", count: 200),
        String(repeating: "👨‍👩‍👧‍👦", count: 80),
        String(repeating: "שָׁלוֹם ", count: 60),
        String(repeating: "夢", count: 300),
    ])
    func cutsAtGraphemes(text: String) {
        let cut = text.fittingCodePoints(256)
        #expect(cut.codePointCount <= 256)
        #expect(cut.hasSuffix("…"))
        let kept = cut.dropLast()
        #expect(text.hasPrefix(kept), "only whole characters of the original are kept")
    }

    @Test("text within the limit is unchanged; a payload over it in code points is refused before sending")
    func validatesInCodePoints() {
        #expect("short".fittingCodePoints(10) == "short")
        let title = String(repeating: "a\u{0301}\u{0302}", count: 100)
        let payload = MessagePayload(embeds: [Embed(title: title)])
        #expect(throws: PayloadLimitError.self) { try payload.validate() }
        let fitted = MessagePayload(embeds: [Embed(title: title.fittingCodePoints(256))])
        #expect(throws: Never.self) { try fitted.validate() }
    }
}
