import StoryDomain
import Testing

@Suite("Combining marks are thinned")
struct TextSanitizerMarksTests {
    @Test("zalgo keeps at most two marks per letter; real accents survive")
    func thinsZalgo() {
        let zalgo = "M\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}i\u{0306}\u{0307}\u{0308}a"
        let cleaned = TextSanitizer().cleanLine(zalgo)
        #expect(cleaned.unicodeScalars.count <= 3 * 3)
        #expect(cleaned.unicodeScalars.filter { $0.properties.generalCategory == .nonspacingMark }.count <= 4)
        #expect(TextSanitizer().cleanLine("Zoë Nguyễn שָׁלוֹם") == "Zoë Nguyễn שָׁלוֹם")
    }
}
