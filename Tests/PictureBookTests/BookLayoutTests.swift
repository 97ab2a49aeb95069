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

    static let moment = "Mia and Pip the owl walk along towards a lantern in the meadow at dusk, with a fox nearby."

    @Test("a story page's caption sits under the picture and above the text, inside the text column, on every paper",
          arguments: PaperSize.all)
    func storyPageCaption(paper: PaperSize) throws {
        let text = String(repeating: "Mia and the owl counted the stars above the quiet meadow. ", count: 12)
        let layout = StoryPageLayout.make(text: text, pictureAspect: 1.5, pictureDescription: Self.moment, paper: paper,
                                          measure: Self.measure)
        let picture = try #require(layout.picture)
        #expect(!layout.caption.lines.isEmpty && layout.caption.lines.count <= PictureCaption.maxLines)
        #expect(layout.caption.lines.joined(separator: " ") == Self.moment)
        #expect(layout.caption.lines.allSatisfy { Self.measure($0, PictureCaption.fontSize) <= layout.textWidth })
        #expect(layout.captionBaseline - PictureCaption.fontSize > picture.maxY)
        let lastCaptionBaseline = layout.captionBaseline + Double(layout.caption.lines.count - 1) * PictureCaption.lineHeight
        #expect(lastCaptionBaseline < layout.firstBaseline - layout.fontSize)
        #expect(!layout.truncated)
    }

    @Test("no description or no picture: no caption, and the page is laid out as before")
    func noCaption() {
        let text = "Goodnight, moon."
        let plain = StoryPageLayout.make(text: text, pictureAspect: 1, paper: .a4, measure: Self.measure)
        #expect(plain.caption == .none)
        #expect(StoryPageLayout.make(text: text, pictureAspect: 1, pictureDescription: "  \n ", paper: .a4, measure: Self.measure) == plain)
        #expect(StoryPageLayout.make(text: text, pictureAspect: nil, pictureDescription: Self.moment, paper: .a4,
                                     measure: Self.measure).caption == .none)
    }

    @Test("a very long description is cut after three lines, the last ending in an ellipsis that fits")
    func longCaption() {
        let long = String(repeating: "a lantern glows softly over the sleepy meadow ", count: 12)
        let caption = PictureCaption.make(long, width: 200) { Self.measure($0, PictureCaption.fontSize) }
        #expect(caption.lines.count == PictureCaption.maxLines)
        #expect(caption.lines.last?.hasSuffix("…") == true)
        #expect(caption.lines.allSatisfy { Self.measure($0, PictureCaption.fontSize) <= 200 })
    }

    @Test("the cover's caption sits between the picture and the hero's line, on every paper", arguments: PaperSize.all)
    func coverCaption(paper: PaperSize) throws {
        let layout = CoverLayout.make(title: "Mia and the Dragon Who Was Afraid of the Dark and the Long Night of the Lost Stars",
                                      pictureAspect: 0.8, pictureDescription: Self.moment, paper: paper, measure: Self.measure)
        let picture = try #require(layout.picture)
        #expect(!layout.caption.lines.isEmpty)
        #expect(layout.captionBaseline - PictureCaption.fontSize > picture.maxY)
        let lastCaptionBaseline = layout.captionBaseline + Double(layout.caption.lines.count - 1) * PictureCaption.lineHeight
        #expect(lastCaptionBaseline < layout.subtitleBaseline - 16)
        #expect(layout.dateBaseline < paper.height - paper.margin)
    }
}
