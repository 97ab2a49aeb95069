import Foundation

/// Reads a PDF's structure the way a reader opens it: header, `startxref`, the cross-reference
/// table (every entry must point at its object), the trailer, then counts pages and images.
/// Fails loudly (throws) on anything a reader would reject.
public struct PDFInspector: Sendable {
    public struct Broken: Error, CustomStringConvertible { public let description: String }

    public let bytes: [UInt8]
    /// The file as Latin-1 text (every byte at its offset).
    public let text: String
    /// Objects by number, as found through the cross-reference table.
    public private(set) var objects: [Int: String] = [:]

    public init(_ data: Data) throws {
        bytes = [UInt8](data)
        // Latin-1 keeps every byte at its offset.
        text = String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
        guard text.hasPrefix("%PDF-1.") else { throw Broken(description: "no %PDF header") }
        guard text.suffix(16).contains("%%EOF") else { throw Broken(description: "no %%EOF at the end") }
        guard let startRange = text.range(of: "startxref", options: .backwards) else { throw Broken(description: "no startxref") }
        let afterStart = text[startRange.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard let xrefOffset = Int(afterStart.prefix { $0.isNumber }) else { throw Broken(description: "startxref has no offset") }
        let xref = substring(from: xrefOffset)
        guard xref.hasPrefix("xref") else { throw Broken(description: "startxref does not point at an xref table") }
        var lines = xref.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst()
        while let header = lines.first, !header.hasPrefix("trailer") {
            lines = lines.dropFirst()
            let parts = header.split(separator: " ")
            guard parts.count == 2, let first = Int(parts[0]), let count = Int(parts[1]) else {
                throw Broken(description: "bad xref subsection header: \(header)")
            }
            for number in first..<(first + count) {
                guard let entry = lines.first else { throw Broken(description: "xref table cut short") }
                lines = lines.dropFirst()
                let fields = entry.split(separator: " ")
                guard fields.count == 3, let offset = Int(fields[0]) else { throw Broken(description: "bad xref entry: \(entry)") }
                guard fields[2] == "n" else { continue }
                let object = substring(from: offset)
                guard object.hasPrefix("\(number) 0 obj") else {
                    throw Broken(description: "xref entry \(number) points at \(object.prefix(20).debugDescription)")
                }
                // The object's dictionary: up to its stream's data or its end.
                let end = [object.range(of: "stream"), object.range(of: "endobj")].compactMap { $0?.lowerBound }.min()
                objects[number] = String(end.map { object[..<$0] } ?? object[...])
            }
        }
        guard let trailer = lines.first, trailer.hasPrefix("trailer") else { throw Broken(description: "no trailer") }
        guard text.range(of: "/Root", range: text.range(of: "trailer", options: .backwards).map { $0.lowerBound..<text.endIndex })
            != nil else { throw Broken(description: "trailer has no /Root") }
    }

    private func substring(from offset: Int) -> String {
        guard offset >= 0, offset < bytes.count else { return "" }
        return String(text.unicodeScalars.dropFirst(offset).prefix(4_000).map(Character.init))
    }

    /// Page objects (`/Type /Page`, not `/Pages`).
    public var pageCount: Int { objects.values.filter { $0.contains(/\/Type\s*\/Page(?![a-zA-Z])/) }.count }
    /// What the page tree says it holds.
    public var pageTreeCount: Int? {
        for object in objects.values where object.contains(/\/Type\s*\/Pages/) {
            if let match = object.firstMatch(of: /\/Count\s+(\d+)/) { return Int(match.1) }
        }
        return nil
    }
    /// Image XObjects embedded in the file.
    public var imageCount: Int { objects.values.filter { $0.contains(/\/Subtype\s*\/Image/) }.count }
    /// Image XObjects whose data is JPEG (DCTDecode).
    public var jpegImageCount: Int {
        objects.values.filter { $0.contains(/\/Subtype\s*\/Image/) && $0.contains("/DCTDecode") }.count
    }
    /// Embedded fonts (font files).
    public var embedsFonts: Bool { objects.values.contains { $0.contains("/FontFile") } }
}
