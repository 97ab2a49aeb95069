import Foundation

/// One part of a parsed `multipart/form-data` body.
struct MultipartPart {
    var headers: [String: String]
    var body: Data

    /// The `name` parameter of `Content-Disposition`.
    var name: String? { parameter("name") }
    var filename: String? { parameter("filename") }

    private func parameter(_ key: String) -> String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for item in disposition.split(separator: ";") {
            let pair = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == key { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// Parses a body given its `Content-Type` header; nil when it is not well-formed multipart.
    static func parse(_ body: Data, contentType: String) -> [MultipartPart]? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let delimiter = Data("--\(contentType[range.upperBound...])".utf8)
        let separator = Data("\r\n\r\n".utf8)
        var parts: [MultipartPart] = []
        guard var cursor = body.range(of: delimiter)?.upperBound else { return nil }
        while true {
            let rest = body[cursor...]
            if rest.starts(with: Data("--".utf8)) { return parts }
            guard rest.starts(with: Data("\r\n".utf8)),
                  let headerEnd = body.range(of: separator, in: cursor..<body.endIndex),
                  let next = body.range(of: Data("\r\n".utf8) + delimiter, in: headerEnd.upperBound..<body.endIndex)
            else { return nil }
            let headerText = String(decoding: body[(cursor + 2)..<headerEnd.lowerBound], as: UTF8.self)
            var headers: [String: String] = [:]
            for line in headerText.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            parts.append(MultipartPart(headers: headers, body: Data(body[headerEnd.upperBound..<next.lowerBound])))
            cursor = next.upperBound
        }
    }
}
