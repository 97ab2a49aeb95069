import Foundation

/// Reads a `multipart/form-data` body into fields and files.
enum TelegramMultipartReader {
    struct File: Sendable {
        var filename: String
        var contentType: String?
        var data: Data
    }

    static func read(_ body: Data, contentType: String) -> (fields: [String: String], files: [String: File])? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = Data("--\(contentType[range.upperBound...])".utf8)
        var fields: [String: String] = [:]
        var files: [String: File] = [:]
        var parts: [Data] = []
        var searchStart = body.startIndex
        var previous: Data.Index?
        while let found = body.range(of: boundary, in: searchStart..<body.endIndex) {
            if let previous { parts.append(body[previous..<found.lowerBound]) }
            previous = found.upperBound
            searchStart = found.upperBound
        }
        let separator = Data("\r\n\r\n".utf8)
        for var part in parts {
            if part.starts(with: Data("\r\n".utf8)) { part = part.dropFirst(2) }
            if part.suffix(2) == Data("\r\n".utf8) { part = part.dropLast(2) }
            guard let split = part.range(of: separator) else { continue }
            let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            let content = Data(part[split.upperBound...])
            guard let name = value(of: "name", in: headers) else { continue }
            if let filename = value(of: "filename", in: headers) {
                let type = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
                    .map { $0.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces) }
                files[name] = File(filename: filename, contentType: type, data: content)
            } else {
                fields[name] = String(decoding: content, as: UTF8.self)
            }
        }
        return (fields, files)
    }

    private static func value(of parameter: String, in headers: String) -> String? {
        guard let range = headers.range(of: " \(parameter)=\"") ?? headers.range(of: ";\(parameter)=\"") else { return nil }
        let rest = headers[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
