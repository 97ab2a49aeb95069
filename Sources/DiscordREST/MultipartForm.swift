import Foundation
import NIOCore

/// A `multipart/form-data` body under construction: the parts' headers as small buffers and each
/// file's bytes as they are (not copied).
struct MultipartForm: Sendable {
    let boundary: String
    private(set) var chunks: [BodyChunk] = []

    init(boundary: String = MultipartForm.randomBoundary()) {
        self.boundary = boundary
    }

    /// The `Content-Type` header value.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends one part; `filename` makes it a file part.
    mutating func append(name: String, filename: String? = nil, contentType: String, data: Data) {
        var disposition = "form-data; name=\"\(Self.quoted(name))\""
        if let filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
        var header = ByteBuffer()
        if !chunks.isEmpty { header.writeString("\r\n") }
        header.writeString("--\(boundary)\r\n")
        header.writeString("Content-Disposition: \(disposition)\r\n")
        header.writeString("Content-Type: \(Self.headerSafe(contentType))\r\n\r\n")
        chunks.append(.buffer(header))
        chunks.append(.data(data))
    }

    /// The finished body's chunks, closing delimiter included.
    func finished() -> [BodyChunk] {
        chunks + [.buffer(ByteBuffer(string: "\(chunks.isEmpty ? "" : "\r\n")--\(boundary)--\r\n"))]
    }

    static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
        return "MagicalStoriesBoundary\(random)"
    }

    /// A value safe inside a quoted header parameter: no quotes, backslashes or line breaks.
    private static func quoted(_ value: String) -> String {
        headerSafe(value).replacingOccurrences(of: "\\", with: "%5C").replacingOccurrences(of: "\"", with: "%22")
    }

    private static func headerSafe(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
    }
}
