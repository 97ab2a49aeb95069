import Foundation

/// A parsed `multipart/form-data` body.
struct MultipartFormData: Sendable {
    struct Part: Sendable {
        var name: String
        var filename: String?
        var contentType: String?
        /// The part's bytes: a slice of the whole body, not a copy.
        var body: ArraySlice<UInt8>
    }

    var parts: [Part]

    /// The boundary of a `multipart/form-data; boundary=…` content type.
    static func boundary(fromContentType contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingSpaces }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        return parameters.dropFirst().compactMap { parameter -> String? in
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { return nil }
            return pair[1].unquoted
        }.first
    }

    /// Parses `body`; nil when it is not well-formed.
    init?(body: [UInt8], boundary: String) {
        let delimiter = Array("--\(boundary)".utf8)
        let headerEnd = Array("\r\n\r\n".utf8)
        let nextDelimiter = Array("\r\n".utf8) + delimiter
        guard var cursor = Self.find(delimiter, in: body, from: 0)?.upperBound else { return nil }
        var parts: [Part] = []
        while true {
            if body[cursor...].starts(with: Array("--".utf8)) { break }
            guard body[cursor...].starts(with: Array("\r\n".utf8)),
                  let headersEnd = Self.find(headerEnd, in: body, from: cursor + 2),
                  let next = Self.find(nextDelimiter, in: body, from: headersEnd.upperBound),
                  let part = Self.part(headers: body[(cursor + 2)..<headersEnd.lowerBound],
                                       body: body[headersEnd.upperBound..<next.lowerBound])
            else { return nil }
            parts.append(part)
            cursor = next.upperBound
        }
        self.parts = parts
    }

    /// Where `needle` first occurs in `haystack` at or after `start` (memchr for its first byte,
    /// then memcmp): the simulator must not be the slow part of a load benchmark.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard let first = needle.first, start <= haystack.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay -> Range<Int>? in
            needle.withUnsafeBufferPointer { pattern -> Range<Int>? in
                guard let base = hay.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var position = start
                while position + needle.count <= hay.count {
                    guard let found = memchr(base + position, Int32(first), hay.count - position) else { return nil }
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    guard index + needle.count <= hay.count else { return nil }
                    if memcmp(base + index, patternBase, needle.count) == 0 { return index..<(index + needle.count) }
                    position = index + 1
                }
                return nil
            }
        }
    }

    private static func part(headers: ArraySlice<UInt8>, body: ArraySlice<UInt8>) -> Part? {
        var name: String?
        var filename: String?
        var contentType: String?
        for line in String(decoding: headers, as: UTF8.self).components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let value = pair[1].trimmingSpaces
            switch pair[0].lowercased() {
            case "content-disposition":
                for parameter in value.split(separator: ";").dropFirst().map({ $0.trimmingSpaces }) {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2 else { continue }
                    if pair[0] == "name" { name = pair[1].unquoted }
                    if pair[0] == "filename" { filename = pair[1].unquoted }
                }
            case "content-type":
                contentType = value
            default:
                break
            }
        }
        guard let name else { return nil }
        return Part(name: name, filename: filename, contentType: contentType, body: body)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    fileprivate var unquoted: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : String(self)
    }
}
