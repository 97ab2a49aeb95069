import Foundation
import PictureBook
import StoryTestSupport
import Testing

/// The PDF's text alternative: each picture's description is real text in the file.
@Suite("Picture book PDF: captions")
struct PictureBookCaptionTests {
    static let moments = [
        "Mia and Pip the owl walk along towards a lantern in the meadow at dusk, with a fox nearby.",
        "Mia sleeps soundly in a hammock under the old oak at night.",
    ]

    static func book(title: String = "Mia and the Lantern", text: String = TestPictures.pageText,
                     alts: [String?]) -> PictureBookContent {
        PictureBookContent(title: title, heroName: "Mia", date: PictureBookRendererTests.date, pages: alts.enumerated().map {
            .init(text: text, picture: TestPictures.jpeg(width: 400, height: 300, seed: UInt64($0.offset + 1)), pictureAlt: $0.element)
        })
    }

    @Test("each picture's description is in the PDF's text, under the picture and before the page's words",
          .enabled(if: PDFText.isAvailable), arguments: PaperSize.all)
    func descriptionsAreText(paper: PaperSize) throws {
        let book = try PictureBookRenderer(paper: paper).render(Self.book(alts: Self.moments))
        let pages = try PDFText.pages(of: book.pdf)
        #expect(pages.count == 3)
        // The cover shows page 1's picture, so it carries page 1's description.
        #expect(PDFText.words(pages[0]).contains(PDFText.words(Self.moments[0])))
        for (moment, page) in zip(Self.moments, pages.dropFirst()) {
            let words = PDFText.words(page)
            #expect(words.contains(PDFText.words(moment)))
            let story = PDFText.words(TestPictures.pageText)
            #expect((words.firstRange(of: PDFText.words(moment))?.lowerBound ?? .max) < (words.firstRange(of: story.prefix(4))?.lowerBound ?? 0))
        }
        if let folder = ProcessInfo.processInfo.environment["PICTURE_BOOK_SAMPLES"] {
            try book.pdf.write(to: URL(fileURLWithPath: folder).appendingPathComponent("captions-\(paper.name).pdf"))
        }
    }

    @Test("a page without a description renders, with no caption; the other page keeps its own")
    func pageWithoutDescription() throws {
        let book = try PictureBookRenderer().render(Self.book(alts: [nil, Self.moments[1]]))
        let pdf = try PDFInspector(book.pdf)
        #expect(pdf.pageCount == 3)
        #expect(pdf.imageCount == 2)
        guard PDFText.isAvailable else { return }
        let pages = try PDFText.pages(of: book.pdf)
        #expect(!PDFText.words(pages[1]).contains(["Illustration"]))
        #expect(PDFText.words(pages[1]).contains(PDFText.words(TestPictures.pageText).prefix(4)))
        #expect(PDFText.words(pages[2]).contains(PDFText.words(Self.moments[1])))
    }

    @Test("a long title and a long page: the caption still fits, on A4 and Letter", .enabled(if: PDFText.isAvailable),
          arguments: [PaperSize.a4, .letter])
    func crowdedPages(paper: PaperSize) throws {
        let title = "Mia, Grandma and Pip the Owl and the Very Long Night of the Lantern That Would Not Stop Glowing"
        let text = String(repeating: "The lantern glowed, and the meadow listened, and the fox curled up by the stream. ", count: 14)
        let alt = Self.moments[0] + " The stars are out and the grass sways gently in the wind beside the old stone wall."
        let book = try PictureBookRenderer(paper: paper).render(Self.book(title: title, text: text, alts: [alt, alt]))
        let pages = try PDFText.pages(of: book.pdf)
        #expect(pages.count == 3)
        #expect(PDFText.words(pages[1]).contains(PDFText.words(alt)))
        #expect(PDFText.words(pages[1]).contains(PDFText.words(text).suffix(6)))
        if let folder = ProcessInfo.processInfo.environment["PICTURE_BOOK_SAMPLES"] {
            try book.pdf.write(to: URL(fileURLWithPath: folder).appendingPathComponent("captions-crowded-\(paper.name).pdf"))
        }
    }
}

/// The text of a PDF as a reader extracts it, through poppler's `pdftotext` (poppler-utils).
enum PDFText {
    static let tool = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { tool != nil }

    /// Each page's text, in reading order.
    static func pages(of pdf: Data) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdftext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("book.pdf"), output = folder.appendingPathComponent("book.txt")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(tool))
        process.arguments = ["-enc", "UTF-8", input.path, output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var pages = try String(contentsOf: output, encoding: .utf8).components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return pages
    }

    /// The words, without punctuation, so line breaks and hyphen-free wrapping don't matter.
    static func words(_ text: some StringProtocol) -> [String] {
        String(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
