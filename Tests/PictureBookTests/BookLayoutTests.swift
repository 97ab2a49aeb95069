import PictureBook
import Testing

@Suite("Picture book layout")
struct BookLayoutTests {
    /// Half an em per character: a stand-in for a serif face's average advance.
    static func measure(_ text: String, _ size: Double) -> Double { Double(text.count) * size * 0.5 }

    @Test("text wraps within the width, keeps every word in order, and keeps paragraphs apart")
    func wrapping() {
        let text = "The moon rose over the hill.\n\nMia yawned, and the owl yawned too, and the whole wide meadow went to sleep."
        let lines = TextWrapper.wrap(text, width: 100) { Double($0.count) * 5 }
        #expect(lines.allSatisfy { Double($0.count) * 5 <= 100 })
        #expect(lines.contains(""))
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(lines.flatMap { $0.split(separator: " ").map(String.init) } == words)
    }

    @Test("a word wider than the line is split rather than overflowing")
    func longWord() {
        let lines = TextWrapper.wrap("Supercalifragilisticexpialidocious", width: 50) { Double($0.count) * 5 }
        #expect(lines.count == 4)
        #expect(lines.joined() == "Supercalifragilisticexpialidocious")
        #expect(lines.allSatisfy { $0.count <= 10 })
    }

    @Test("the universal paper fits both A4 and Letter at 100 %")
    func universalPaper() {
        let paper = PaperSize.universal
        #expect(paper.width <= PaperSize.a4.width && paper.width <= PaperSize.letter.width)
        #expect(paper.height <= PaperSize.a4.height && paper.height <= PaperSize.letter.height)
        #expect(PaperSize.named("A4") == .a4)
        #expect(PaperSize.named("tabloid") == nil)
    }

    @Test("a story page: picture above the text, everything inside the margins, on every paper", arguments: PaperSize.all)
    func storyPage(paper: PaperSize) throws {
        let text = String(repeating: "Mia and the owl counted the stars above the quiet meadow. ", count: 8)
        let layout = StoryPageLayout.make(text: text, pictureAspect: 1.5, paper: paper, measure: Self.measure)
        let picture = try #require(layout.picture)
        #expect(!layout.truncated)
        #expect(picture.y >= paper.margin && picture.x >= paper.margin - 0.001)
        #expect(picture.x + picture.width <= paper.width - paper.margin + 0.001)
        #expect(picture.maxY < layout.firstBaseline - layout.fontSize)
        let lastBaseline = layout.firstBaseline + Double(layout.lines.count - 1) * layout.lineHeight
        #expect(lastBaseline < layout.footerBaseline)
        #expect(layout.footerBaseline <= paper.height - paper.margin)
        #expect(layout.textLeft >= paper.margin && layout.textLeft + layout.textWidth <= paper.width - paper.margin)
        #expect(layout.lines.allSatisfy { Self.measure($0, layout.fontSize) <= layout.textWidth })
    }

    @Test("a short page keeps large type and a large picture; a long one gets smaller ones, never cut")
    func fitting() {
        let short = StoryPageLayout.make(text: "Goodnight, moon.", pictureAspect: 1, paper: .universal, measure: Self.measure)
        let long = StoryPageLayout.make(text: String(repeating: "word ", count: 400), pictureAspect: 1, paper: .universal,
                                        measure: Self.measure)
        #expect(short.fontSize > long.fontSize)
        #expect((short.picture?.height ?? 0) > (long.picture?.height ?? 0))
        #expect(!long.truncated)
    }

    @Test("the cover: title at the top, the picture below it, the hero and date below the picture")
    func cover() throws {
        let layout = CoverLayout.make(title: "Mia and the Dragon Who Was Afraid of the Dark", pictureAspect: 1,
                                      paper: .universal, measure: Self.measure)
        let picture = try #require(layout.picture)
        #expect(!layout.titleLines.isEmpty && layout.titleLines.count <= 3)
        #expect((layout.titleBaselines.last ?? 0) < picture.y)
        #expect(picture.maxY < layout.subtitleBaseline)
        #expect(layout.subtitleBaseline < layout.dateBaseline)
        #expect(layout.dateBaseline < PaperSize.universal.height - PaperSize.universal.margin)
    }
}
