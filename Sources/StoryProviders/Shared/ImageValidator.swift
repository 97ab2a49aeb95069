import Foundation

/// Checks picture bytes from a provider before they are stored: a known format by its magic
/// bytes, a readable header with a sane size, and not too large.
public struct ImageValidator: Sendable {
    /// What the bytes turned out to be.
    public struct Checked: Sendable, Equatable {
        public var contentType: String
        public var width: Int
        public var height: Int
    }

    public enum Problem: Error, Equatable, Sendable {
        case empty
        case tooLarge(bytes: Int)
        case unknownFormat
        case unreadableHeader(String)
        case implausibleSize(width: Int, height: Int)
    }

    public var maxBytes: Int
    public var dimensions: ClosedRange<Int>

    public init(maxBytes: Int = 20 << 20, dimensions: ClosedRange<Int> = 64...8192) {
        self.maxBytes = maxBytes
        self.dimensions = dimensions
    }

    public func validate(_ data: Data) throws(Problem) -> Checked {
        guard !data.isEmpty else { throw .empty }
        guard data.count <= maxBytes else { throw .tooLarge(bytes: data.count) }
        let bytes = [UInt8](data.prefix(64 * 1024))
        let checked: Checked
        if let info = PNGInspector.inspect(data) {
            checked = Checked(contentType: "image/png", width: info.width, height: info.height)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let (width, height) = Self.jpegSize(bytes) else { throw .unreadableHeader("JPEG without a frame header") }
            checked = Checked(contentType: "image/jpeg", width: width, height: height)
        } else if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            guard let (width, height) = Self.webpSize(bytes) else { throw .unreadableHeader("WebP without a frame header") }
            checked = Checked(contentType: "image/webp", width: width, height: height)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw .unreadableHeader("PNG without a valid IHDR")
        } else {
            throw .unknownFormat
        }
        guard dimensions.contains(checked.width), dimensions.contains(checked.height) else {
            throw .implausibleSize(width: checked.width, height: checked.height)
        }
        return checked
    }

    /// Width and height from the first SOFn marker.
    static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    /// Width and height from a VP8, VP8L or VP8X chunk.
    static func webpSize(_ bytes: [UInt8]) -> (Int, Int)? {
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard bytes.count >= 30 else { return nil }
            return (Int(bytes[26]) | Int(bytes[27] & 0x3F) << 8, Int(bytes[28]) | Int(bytes[29] & 0x3F) << 8)
        case "VP8L":
            guard bytes.count >= 25 else { return nil }
            let b = bytes[21...24].map(Int.init)
            return (1 + (b[0] | (b[1] & 0x3F) << 8), 1 + ((b[1] >> 6) | b[2] << 2 | (b[3] & 0x0F) << 10))
        case "VP8X":
            guard bytes.count >= 30 else { return nil }
            return (1 + (Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16),
                    1 + (Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16))
        default:
            return nil
        }
    }
}
