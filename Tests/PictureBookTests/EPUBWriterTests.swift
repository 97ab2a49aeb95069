import CZlib
import Foundation
import PictureBook
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Picture book EPUB 3 edition")
struct EPUBWriterTests {
    /// Reads a ZIP the way an e-reader does: from the central directory at its end.
    struct ZipReader {
        struct Entry { var name: String; var method: UInt16; var data: [UInt8]; var size: Int; var crc: UInt32 }
        var entries: [Entry] = []

        init(_ data: Data) throws {
            let bytes = [UInt8](data)
            func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
            func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
            let end = try #require((0...(bytes.count - 22)).reversed().first { u32($0) == 0x0605_4B50 })
            var at = u32(end + 16)
            for _ in 0..<u16(end + 10) {
                #expect(u32(at) == 0x0201_4B50)
                let method = UInt16(u16(at + 10)), crc = UInt32(u32(at + 16))
                let compressed = u32(at + 20), size = u32(at + 24), nameLength = u16(at + 28)
                let extra = u16(at + 30), comment = u16(at + 32), local = u32(at + 42)
                let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
                #expect(u32(local) == 0x0403_4B50)
                let start = local + 30 + u16(local + 26) + u16(local + 28)
                entries.append(Entry(name: name, method: method, data: Array(bytes[start..<(start + compressed)]), size: size, crc: crc))
                at += 46 + nameLength + extra + comment
            }
        }

        func file(_ name: String) throws -> [UInt8] {
            let entry = try #require(entries.first { $0.name == name }, "\(name) is in the archive")
            let data = entry.method == 8 ? try Self.inflate(entry.data, size: entry.size) : entry.data
            #expect(data.count == entry.size)
            #expect(data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) } == entry.crc, "\(name)'s checksum")
            return data
        }

        static func inflate(_ data: [UInt8], size: Int) throws -> [UInt8] {
            var stream = z_stream()
            #expect(inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
            defer { inflateEnd(&stream) }
            var out = [UInt8](repeating: 0, count: size)
            var input = data
            let status = input.withUnsafeMutableBufferPointer { source in
                out.withUnsafeMutableBufferPointer { target in
                    stream.next_in = source.baseAddress; stream.avail_in = uInt(source.count)
                    stream.next_out = target.baseAddress; stream.avail_out = uInt(target.count)
                    return CZlib.inflate(&stream, Z_FINISH)
                }
            }
            #expect(status == Z_STREAM_END)
            return out
        }
    }

    static func wellFormed(_ bytes: [UInt8]) -> Bool { XMLParser(data: Data(bytes)).parse() }

    @Test("an EPUB that opens: mimetype first and stored, container, package, nav, a page per story page, pictures as painted")
    func epub() throws {
        let jpeg = TestPictures.jpeg(width: 320, height: 240)
        let png = TestPictures.png(width: 200, height: 100, grain: 0)
        let content = PictureBookContent(title: "Mia & the \"Quiet\" <Owls>", heroName: "Mia", date: PictureBookRendererTests.date,
                                         pages: [.init(text: "One.\n\nTwo.", picture: jpeg), .init(text: "Three.", picture: png),
                                                 .init(text: "Four.", picture: nil)], language: "fr")
        let epub = try EPUBWriter().write(content, identifier: "story1")
        let zip = try ZipReader(epub)
        if let folder = ProcessInfo.processInfo.environment["PICTURE_BOOK_SAMPLES"] {
            try epub.write(to: URL(fileURLWithPath: folder).appendingPathComponent("sample.epub"))
        }
        #expect(zip.entries.first?.name == "mimetype" && zip.entries.first?.method == 0)
        #expect(String(decoding: try zip.file("mimetype"), as: UTF8.self) == "application/epub+zip")
        let container = try zip.file("META-INF/container.xml")
        #expect(Self.wellFormed(container) && String(decoding: container, as: UTF8.self).contains("OEBPS/content.opf"))
        let opf = try zip.file("OEBPS/content.opf")
        #expect(Self.wellFormed(opf))
        let package = String(decoding: opf, as: UTF8.self)
        #expect(package.contains("version=\"3.0\"") && package.contains("<dc:language>fr</dc:language>"))
        #expect(package.contains("dcterms:modified") && package.contains("properties=\"nav\""))
        // Every file the package names is in the archive, and every page is well-formed XHTML.
        let hrefs = package.matches(of: /href="([^"]+)"/).map { String($0.1) }
        #expect(hrefs.count == 3 + 3 + 2)
        for href in hrefs {
            let file = try zip.file("OEBPS/" + href)
            if href.hasSuffix(".xhtml") { #expect(Self.wellFormed(file), "\(href) is well-formed") }
        }
        #expect(try zip.file("OEBPS/images/page-01.jpg") == [UInt8](jpeg), "pictures as painted")
        #expect(try zip.file("OEBPS/images/page-02.png") == [UInt8](png))
        #expect(package.contains("properties=\"cover-image\""))
        #expect(String(decoding: try zip.file("OEBPS/page-01.xhtml"), as: UTF8.self).contains("<p>Two.</p>"))
        #expect(throws: PictureBookError.empty) {
            try EPUBWriter().write(PictureBookContent(title: "x", heroName: nil, date: .now, pages: []), identifier: "x")
        }
    }

    @Test("each page's picture has its moment as alt text (escaped); without one it names the page")
    func pictureAltText() throws {
        let png = TestPictures.png(width: 20, height: 10, grain: 0)
        let content = PictureBookContent(title: "Owls", heroName: "Mia", date: PictureBookRendererTests.date, pages: [
            .init(text: "One.", picture: png, pictureAlt: "Mia & \"Pip\" the owl <3 walk along in the forest at dusk."),
            .init(text: "Two.", picture: png),
        ])
        let zip = try ZipReader(try EPUBWriter().write(content, identifier: "story1"))
        let first = try zip.file("OEBPS/page-01.xhtml")
        #expect(Self.wellFormed(first))
        #expect(String(decoding: first, as: UTF8.self).contains(
            "alt=\"Mia &amp; &quot;Pip&quot; the owl &lt;3 walk along in the forest at dusk.\""))
        #expect(String(decoding: try zip.file("OEBPS/page-02.xhtml"), as: UTF8.self).contains("alt=\"Illustration for page 2\""))
    }
}
