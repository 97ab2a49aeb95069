import Foundation
import PictureBook
import StoryDomain
import StoryProviders
import StoryTestSupport
import Testing

@Suite("Picture book PDF")
struct PictureBookRendererTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)

    /// A story by the built-in writer, painted by the built-in illustrator, as the service makes it.
    static func builtInBook(pages: Int, seed: UInt64 = 42) async throws -> PictureBookContent {
        let request = StoryRequest(theme: "a sleepy dragon who is afraid of the dark", heroName: "Mia", age: 5,
                                   pageCount: pages, seed: seed)
        let story = try await OfflineStoryWriter().write(request)
        let illustrator = OfflineIllustrator()
        var pictures: [Illustration] = []
        for (index, page) in story.pages.enumerated() {
            pictures.append(try await illustrator.illustrate(IllustrationRequest(
                title: story.title, sheet: story.sheet, page: page, pageNumber: index + 1, pageCount: story.pages.count,
                previous: pictures.last, seed: seed)))
        }
        return PictureBookContent(title: story.title, heroName: "Mia", date: date,
                                  pages: zip(story.pages, pictures).map { .init(text: $0.text, picture: $1.data) })
    }

    static func modelBook(pages: Int, picture: (Int) -> Data) -> PictureBookContent {
        PictureBookContent(title: "Mia and the Lantern of the Quiet Owls", heroName: "Mia", date: date,
                           pages: (0..<pages).map { .init(text: TestPictures.pageText, picture: picture($0)) })
    }

    @Test("a built-in story: a PDF that opens, a cover and a page per page, its pictures embedded, well under the limit",
          arguments: [5, 10])
    func builtInStory(pages: Int) async throws {
        let content = try await Self.builtInBook(pages: pages)
        let started = ContinuousClock.now
        let book = try PictureBookRenderer().render(content)
        let elapsed = ContinuousClock.now - started
        let pdf = try PDFInspector(book.pdf)
        #expect(pdf.pageCount == pages + 1)
        #expect(pdf.pageTreeCount == pages + 1)
        #expect(book.pageCount == pages + 1)
        // One picture per page; page 1's is reused on the cover (embedded once).
        #expect(pdf.imageCount == pages)
        #expect(pdf.embedsFonts)
        #expect(pdf.text.contains("/Title"))
        #expect(book.treatment == .faithful)
        #expect(book.pdf.count < PictureBookRenderer.discordUploadLimit)
        print("picture book: built-in \(pages)-page story: \(book.pdf.count) bytes, drawn in \(elapsed)")
        if let folder = ProcessInfo.processInfo.environment["PICTURE_BOOK_SAMPLES"] {
            try book.pdf.write(to: URL(fileURLWithPath: folder).appendingPathComponent("built-in-\(pages)-pages.pdf"))
        }
    }

    @Test("a 10-page story with model-size JPEG pictures: JPEGs embedded as they are, under Discord's 10 MiB")
    func tenPagesOfModelJPEGs() throws {
        let pictures = (0..<10).map { TestPictures.jpeg(seed: UInt64($0 + 1)) }
        let content = Self.modelBook(pages: 10) { pictures[$0] }
        let started = ContinuousClock.now
        let book = try PictureBookRenderer().render(content)
        let elapsed = ContinuousClock.now - started
        let pdf = try PDFInspector(book.pdf)
        #expect(pdf.pageCount == 11)
        #expect(pdf.pageTreeCount == 11)
        #expect(pdf.imageCount == 10)
        #expect(pdf.jpegImageCount == 10)
        #expect(book.treatment == .faithful)
        // The original JPEG bytes are in the file, unchanged.
        #expect(book.pdf.range(of: pictures[3].prefix(4_096)) != nil)
        #expect(book.pdf.count <= PictureBookRenderer.discordUploadLimit)
        print("picture book: 10 pages of 1024 px JPEGs (\(pictures.map(\.count).reduce(0, +)) bytes of pictures): "
              + "\(book.pdf.count) bytes, drawn in \(elapsed)")
        if let folder = ProcessInfo.processInfo.environment["PICTURE_BOOK_SAMPLES"] {
            try book.pdf.write(to: URL(fileURLWithPath: folder).appendingPathComponent("model-10-pages.pdf"))
        }
    }

    @Test("pictures too heavy for the limit are re-encoded smaller until the book fits")
    func heavyPNGsAreShrunk() throws {
        // Grainy 1024 px PNGs (~3 MB each): 10 of them losslessly would be ~30 MB.
        let pictures = (0..<10).map { TestPictures.png(grain: 255, seed: UInt64($0 + 1)) }
        #expect(pictures.map(\.count).reduce(0, +) > PictureBookRenderer.discordUploadLimit)
        let started = ContinuousClock.now
        let book = try PictureBookRenderer().render(Self.modelBook(pages: 10) { pictures[$0] })
        let elapsed = ContinuousClock.now - started
        let pdf = try PDFInspector(book.pdf)
        #expect(book.treatment != .faithful)
        #expect(book.treatment.jpegQuality != nil)
        #expect(pdf.pageCount == 11)
        #expect(pdf.jpegImageCount == 10)
        #expect(book.pdf.count <= PictureBookRenderer.discordUploadLimit)
        print("picture book: 10 grainy 1024 px PNGs: \(book.pdf.count) bytes, pictures \(book.treatment), drawn in \(elapsed)")
    }

    @Test("a smaller limit (a caller's own) is kept too")
    func smallerLimit() throws {
        let pictures = (0..<4).map { TestPictures.jpeg(seed: UInt64($0 + 1)) }
        let content = Self.modelBook(pages: 4) { pictures[$0] }
        let full = try PictureBookRenderer().render(content)
        let limit = full.pdf.count / 2
        let small = try PictureBookRenderer(maxBytes: limit).render(content)
        #expect(small.pdf.count <= limit)
        #expect(try PDFInspector(small.pdf).imageCount == 4)
    }

    @Test("WebP pictures are embedded (as JPEG); PNG ones losslessly")
    func webpAndPNG() throws {
        let content = Self.modelBook(pages: 2) { $0 == 0 ? TestPictures.webp(width: 512, height: 512) : TestPictures.png(width: 600, height: 400, grain: 0) }
        let book = try PictureBookRenderer().render(content)
        let pdf = try PDFInspector(book.pdf)
        #expect(pdf.pageCount == 3)
        #expect(pdf.imageCount == 2)
        #expect(pdf.jpegImageCount == 1)
    }

    @Test("pages without pictures, a damaged picture and any language's letters still make a book")
    func textOnlyAndDamaged() throws {
        let content = PictureBookContent(title: "Зоряна ніч — L'étoile filante", heroName: "Zoë", date: Self.date, pages: [
            .init(text: "Zoë regardait les étoiles. Зоряне небо було тихе.", picture: nil),
            .init(text: TestPictures.pageText, picture: Data("not a picture".utf8)),
            .init(text: String(repeating: "A very long page that goes on and on. ", count: 60), picture: TestPictures.jpeg(width: 300, height: 200)),
        ])
        let book = try PictureBookRenderer(paper: .letter).render(content)
        let pdf = try PDFInspector(book.pdf)
        #expect(pdf.pageCount == 4)
        #expect(pdf.imageCount == 1)
        #expect(pdf.text.contains("/MediaBox [ 0 0 612 792 ]"))
    }

    @Test("an empty story and an impossible limit are refused with a reason, not a crash")
    func refusals() throws {
        #expect(throws: PictureBookError.empty) {
            try PictureBookRenderer().render(PictureBookContent(title: "Nothing", heroName: nil, date: Self.date, pages: []))
        }
        let content = Self.modelBook(pages: 2) { _ in TestPictures.jpeg(width: 400, height: 400) }
        #expect {
            try PictureBookRenderer(maxBytes: 2_000).render(content)
        } throws: { error in
            guard case let PictureBookError.tooLarge(bytes, limit)? = error as? PictureBookError else { return false }
            return limit == 2_000 && bytes > limit
        }
    }
}
