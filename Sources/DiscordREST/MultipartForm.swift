import Foundation
import NIOCore

/// A `multipart/form-data` body under construction.
struct MultipartForm: Sendable {
    let boundary: String
    private var buffer = ByteBuffer()

    /// - Parameter capacity: the expected body size, reserved up front so large files are copied once.
    init(boundary: String = MultipartForm.randomBoundary(), capacity: Int = 0) {
        self.boundary = boundary
        buffer.reserveCapacity(capacity)
    }

    /// The `Content-Type` header value.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends one part; `filename` makes it a file part.
    mutating func append(name: String, filename: String? = nil, contentType: String,
                         bytes: some Sequence<UInt8>) {
        var disposition = "form-data; name=\"\(Self.quoted(name))\""
        if let filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
        buffer.writeString("--\(boundary)\r\n")
        buffer.writeString("Content-Disposition: \(disposition)\r\n")
        buffer.writeString("Content-Type: \(Self.headerSafe(contentType))\r\n\r\n")
        buffer.writeBytes(bytes)
        buffer.writeString("\r\n")
    }

    /// The finished body, closing delimiter included. The form hands its buffer over and is left
    /// empty: appending the delimiter to a copy would copy every file in it once more.
    mutating func finish() -> ByteBuffer {
        buffer.writeString("--\(boundary)--\r\n")
        defer { buffer = ByteBuffer() }
        return buffer
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
