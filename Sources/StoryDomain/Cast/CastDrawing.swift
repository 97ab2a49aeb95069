import Foundation

/// A child's drawing of a cast member, uploaded with `/cast add` (a drawing, never a photo of a
/// person): kept with the member and deleted with it. Only a self-hosted illustrator may be
/// given it (docs/cast.md, "Drawings").
public struct CastDrawing: Sendable, Equatable {
    /// The picture's bytes as uploaded.
    public var data: Data
    /// `image/png`, `image/jpeg` or `image/webp`.
    public var contentType: String

    public init(data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// The picture formats a drawing may have.
    public static let contentTypes: Set<String> = ["image/png", "image/jpeg", "image/webp"]
    /// The largest drawing kept, in bytes (2 MiB: a phone's scan of a drawing, well under it).
    public static let maxBytes = 2 * 1024 * 1024

    /// Whether an upload described as `contentType` and `size` bytes may be kept: an image of a
    /// known format within ``maxBytes``. Checked again on the bytes themselves (``init(checking:)``).
    public static func accepts(contentType: String?, size: Int) -> Bool {
        guard let contentType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return contentTypes.contains(contentType) && (1...maxBytes).contains(size)
    }

    /// A drawing from downloaded bytes, if they are a PNG, JPEG or WebP within ``maxBytes``
    /// (by their first bytes, whatever the upload claimed).
    public init?(checking data: Data) {
        guard (1...Self.maxBytes).contains(data.count), let type = Self.sniff(data) else { return nil }
        self.init(data: data, contentType: type)
    }

    static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }
}
