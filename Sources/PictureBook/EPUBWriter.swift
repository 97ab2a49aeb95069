import Foundation
import ImageDecoding

/// The same picture book as an EPUB 3 (for e-readers and tablets): a cover page, one XHTML page
/// per story page with its picture above the text, a table of contents, pictures as painted.
public struct EPUBWriter: Sendable {
    public init() {}

    /// The EPUB file. `identifier` is the book's unique id (the story id).
    public func write(_ content: PictureBookContent, identifier: String, modified: Date = Date()) throws(PictureBookError) -> Data {
        guard !content.pages.isEmpty else { throw .empty }
        var zip = ZipArchive()
        zip.add("mimetype", Array("application/epub+zip".utf8), compress: false)
        zip.add("META-INF/container.xml", Array(Self.container.utf8), compress: true)
        var manifest: [String] = []
        var pictures: [Int: String] = [:]
        for (index, page) in content.pages.enumerated() {
            guard let data = page.picture, let type = Self.mediaType(of: data) else { continue }
            let name = String(format: "images/page-%02d.%@", index + 1, type.ext)
            pictures[index] = name
            zip.add("OEBPS/\(name)", [UInt8](data), compress: false)
            let cover = index == 0 ? " properties=\"cover-image\"" : ""
            manifest.append("<item id=\"img\(index + 1)\" href=\"\(name)\" media-type=\"\(type.mime)\"\(cover)/>")
        }
        zip.add("OEBPS/style.css", Array(Self.css.utf8), compress: true)
        zip.add("OEBPS/cover.xhtml", Array(xhtml(title: content.title, language: content.language, body: """
            <section class="cover"><h1>\(Self.escape(content.title))</h1>
            \(pictures[0].map { "<img src=\"\($0)\" alt=\"\(Self.escape(content.title))\"/>" } ?? "")
            \(content.heroName.map { "<p class=\"hero\">A bedtime story for \(Self.escape($0))</p>" } ?? "")
            <p class="date">\(Self.escape(content.dateLine))</p></section>
            """).utf8), compress: true)
        var spine = ["<itemref idref=\"cover\"/>"]
        var toc = ["<li><a href=\"cover.xhtml\">\(Self.escape(content.title))</a></li>"]
        for (index, page) in content.pages.enumerated() {
            let number = index + 1
            let file = String(format: "page-%02d.xhtml", number)
            let paragraphs = page.text.components(separatedBy: "\n\n").map { "<p>\(Self.escape($0))</p>" }.joined(separator: "\n")
            let alt = page.pictureAlt ?? "Illustration for page \(number)"
            let picture = pictures[index].map { "<img src=\"\($0)\" alt=\"\(Self.escape(alt))\"/>" } ?? ""
            zip.add("OEBPS/\(file)", Array(xhtml(title: "\(content.title) — page \(number)", language: content.language, body: """
                <section class="page">\(picture)
                <div class="text">\(paragraphs)</div>
                <p class="footer">page \(number) of \(content.pages.count)</p></section>
                """).utf8), compress: true)
            manifest.append("<item id=\"page\(number)\" href=\"\(file)\" media-type=\"application/xhtml+xml\"/>")
            spine.append("<itemref idref=\"page\(number)\"/>")
            toc.append("<li><a href=\"\(file)\">page \(number)</a></li>")
        }
        zip.add("OEBPS/nav.xhtml", Array(xhtml(title: content.title, language: content.language, body: """
            <nav epub:type="toc" id="toc"><h1>\(Self.escape(content.title))</h1><ol>\(toc.joined(separator: "\n"))</ol></nav>
            """).utf8), compress: true)
        var stamp = Date.ISO8601FormatStyle()
        stamp.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(content.language)">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="book-id">urn:magical-stories:\(Self.escape(identifier))</dc:identifier>
            <dc:title>\(Self.escape(content.title))</dc:title>
            <dc:language>\(Self.escape(content.language))</dc:language>
            <dc:creator>Magical Stories</dc:creator>
            <meta property="dcterms:modified">\(modified.formatted(stamp))</meta>
            </metadata>
            <manifest>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="css" href="style.css" media-type="text/css"/>
            <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
            \(manifest.joined(separator: "\n"))
            </manifest>
            <spine>\(spine.joined(separator: "\n"))</spine>
            </package>
            """
        zip.add("OEBPS/content.opf", Array(opf.utf8), compress: true)
        return zip.finish()
    }

    private func xhtml(title: String, language: String, body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(language)" xml:lang="\(language)">
        <head><meta charset="UTF-8"/><title>\(Self.escape(title))</title><link rel="stylesheet" href="style.css"/></head>
        <body>\(body)</body>
        </html>
        """
    }

    static func mediaType(of data: Data) -> (mime: String, ext: String)? {
        switch ImageDecoder.format(of: [UInt8](data.prefix(16))) {
        case .png: ("image/png", "png")
        case .jpeg: ("image/jpeg", "jpg")
        case .webp: ("image/webp", "webp")
        case nil: nil
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    static let css = """
        body { font-family: Georgia, "DejaVu Serif", serif; line-height: 1.5; margin: 0 1em; }
        .cover { text-align: center; } .cover h1 { margin: 1em 0 .6em; }
        img { display: block; max-width: 100%; max-height: 60vh; margin: 1em auto; border-radius: .6em; }
        .hero { font-style: italic; } .date, .footer { color: #777; font-size: .8em; text-align: center; }
        """
}
