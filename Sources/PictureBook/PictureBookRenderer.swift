import CCairo
import Foundation

/// A finished picture book.
public struct RenderedPictureBook: Sendable, Equatable {
    /// The story's title, as on the cover.
    public var title: String
    /// The PDF file.
    public var pdf: Data
    /// Pages in the PDF: the cover and one per story page.
    public var pageCount: Int
    /// How the pictures were put in (the first treatment that kept the book under its limit).
    public var treatment: PictureTreatment
}

/// Draws a picture book as a PDF with Cairo's PDF surface: a cover (title, page 1's picture, the
/// hero and the date), then one page per story page with the picture above the text. Under each
/// picture a small caption says what it shows (``PictureCaption``: the PDF's text alternative). Type is
/// DejaVu Serif through Cairo's toy text API (no extra dependency); the text is wrapped here.
/// When the file is over `maxBytes`, the pictures are re-encoded smaller until it fits.
public struct PictureBookRenderer: Sendable {
    public var paper: PaperSize
    /// The largest file made (Discord's default upload limit for bots is 10 MiB).
    public var maxBytes: Int
    public var fontFamily: String

    public static let discordUploadLimit = 10 * 1_024 * 1_024

    public init(paper: PaperSize = .universal, maxBytes: Int = Self.discordUploadLimit, fontFamily: String = "DejaVu Serif") {
        self.paper = paper
        self.maxBytes = maxBytes
        self.fontFamily = fontFamily
    }

    /// The book as a PDF under ``maxBytes``.
    public func render(_ content: PictureBookContent) throws(PictureBookError) -> RenderedPictureBook {
        guard !content.pages.isEmpty else { throw .empty }
        let sources = content.pages.map { $0.picture.flatMap(BookPicture.source) }
        var smallest = Int.max
        for treatment in PictureTreatment.ladder {
            let pictures = sources.map { $0.flatMap { BookPicture.make($0, treatment: treatment) } }
            let pdf = try draw(content, pictures: pictures)
            if pdf.count <= maxBytes {
                return RenderedPictureBook(title: content.title, pdf: pdf, pageCount: content.pdfPageCount, treatment: treatment)
            }
            smallest = min(smallest, pdf.count)
            // Without pictures there is nothing left to shrink.
            if pictures.allSatisfy({ $0 == nil }) { break }
        }
        throw .tooLarge(bytes: smallest, limit: maxBytes)
    }

    // MARK: Drawing

    private static let ink = (r: 0.17, g: 0.16, b: 0.20)
    private static let soft = (r: 0.45, g: 0.43, b: 0.52)
    private static let accent = (r: 0.48, g: 0.38, b: 1.0)

    private func draw(_ content: PictureBookContent, pictures: [BookPicture?]) throws(PictureBookError) -> Data {
        let sink = PDFSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        guard let surface = cairo_pdf_surface_create_for_stream({ closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque(), paper.width, paper.height) else { throw .drawingFailed("no PDF surface") }
        defer { cairo_surface_destroy(surface) }
        // PDF 1.4: a plain cross-reference table that every reader and printer knows.
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_4)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, content.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Magical Stories")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, Self.pdfDate(content.date))
        guard let cr = cairo_create(surface) else { throw .drawingFailed("no drawing context") }
        defer { cairo_destroy(cr) }

        drawCover(cr, content: content, picture: pictures.first ?? nil)
        cairo_show_page(cr)
        for (index, page) in content.pages.enumerated() {
            drawPage(cr, page: page, picture: pictures[index], number: index + 1, of: content.pages.count)
            cairo_show_page(cr)
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .drawingFailed(cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)")
        }
        return sink.data
    }

    private func drawCover(_ cr: OpaquePointer, content: PictureBookContent, picture: BookPicture?) {
        let layout = CoverLayout.make(title: content.title, pictureAspect: picture?.aspect,
                                      pictureDescription: content.pages.first?.pictureAlt, paper: paper) { text, size in
            measure(cr, text, size: size, bold: true)
        }
        // A soft frame inside the margins: pretty on screen, safe on any printer.
        let inset = paper.margin / 2
        roundedRect(cr, BookRect(x: inset, y: inset, width: paper.width - 2 * inset, height: paper.height - 2 * inset), radius: 18)
        cairo_set_source_rgb(cr, Self.accent.r, Self.accent.g, Self.accent.b)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)

        setFont(cr, size: layout.titleSize, bold: true)
        cairo_set_source_rgb(cr, Self.ink.r, Self.ink.g, Self.ink.b)
        for (line, baseline) in zip(layout.titleLines, layout.titleBaselines) {
            showCentered(cr, line, centerX: layout.centerX, baseline: baseline)
        }
        if let picture, let rect = layout.picture { drawPicture(cr, picture, in: rect) }
        drawCaption(cr, layout.caption, baseline: layout.captionBaseline, centerX: layout.centerX)
        if let hero = content.heroName, !hero.isEmpty {
            setFont(cr, size: 16, italic: true)
            cairo_set_source_rgb(cr, Self.ink.r, Self.ink.g, Self.ink.b)
            showCentered(cr, "A bedtime story for \(hero)", centerX: layout.centerX, baseline: layout.subtitleBaseline)
        }
        setFont(cr, size: 12)
        cairo_set_source_rgb(cr, Self.soft.r, Self.soft.g, Self.soft.b)
        showCentered(cr, content.dateLine, centerX: layout.centerX, baseline: layout.dateBaseline)
    }

    private func drawPage(_ cr: OpaquePointer, page: PictureBookContent.Page, picture: BookPicture?, number: Int, of count: Int) {
        let layout = StoryPageLayout.make(text: page.text, pictureAspect: picture?.aspect, pictureDescription: page.pictureAlt,
                                          paper: paper) { line, size in
            measure(cr, line, size: size, bold: false)
        }
        if let picture, let rect = layout.picture { drawPicture(cr, picture, in: rect) }
        drawCaption(cr, layout.caption, baseline: layout.captionBaseline, centerX: paper.width / 2)
        setFont(cr, size: layout.fontSize)
        cairo_set_source_rgb(cr, Self.ink.r, Self.ink.g, Self.ink.b)
        var baseline = layout.firstBaseline
        for line in layout.lines {
            if !line.isEmpty {
                cairo_move_to(cr, layout.textLeft, baseline)
                cairo_show_text(cr, line)
            }
            baseline += line.isEmpty ? layout.lineHeight * 0.6 : layout.lineHeight
        }
        setFont(cr, size: 10)
        cairo_set_source_rgb(cr, Self.soft.r, Self.soft.g, Self.soft.b)
        showCentered(cr, "page \(number) of \(count)", centerX: paper.width / 2, baseline: layout.footerBaseline)
    }

    private func drawPicture(_ cr: OpaquePointer, _ picture: BookPicture, in rect: BookRect) {
        cairo_save(cr)
        roundedRect(cr, rect, radius: 14)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(picture.width), rect.height / Double(picture.height))
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The picture's caption: small and muted, centred under it.
    private func drawCaption(_ cr: OpaquePointer, _ caption: PictureCaption, baseline: Double, centerX: Double) {
        setFont(cr, size: PictureCaption.fontSize)
        cairo_set_source_rgb(cr, Self.soft.r, Self.soft.g, Self.soft.b)
        for (index, line) in caption.lines.enumerated() {
            showCentered(cr, line, centerX: centerX, baseline: baseline + Double(index) * PictureCaption.lineHeight)
        }
    }

    // MARK: Helpers

    private func setFont(_ cr: OpaquePointer, size: Double, bold: Bool = false, italic: Bool = false) {
        cairo_select_font_face(cr, fontFamily, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    private func measure(_ cr: OpaquePointer, _ text: String, size: Double, bold: Bool) -> Double {
        setFont(cr, size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    private func showCentered(_ cr: OpaquePointer, _ text: String, centerX: Double, baseline: Double) {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        cairo_move_to(cr, centerX - extents.x_advance / 2, baseline)
        cairo_show_text(cr, text)
    }

    private func roundedRect(_ cr: OpaquePointer, _ rect: BookRect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.x + rect.width - r, rect.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.x + rect.width - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.x + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.x + r, rect.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// ISO 8601 as Cairo's metadata wants it, e.g. `2026-11-25T10:30:00Z`.
    static func pdfDate(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon).timeZone(separator: .omitted))
    }
}

/// Collects the bytes Cairo writes.
private final class PDFSink {
    var data = Data()
}
