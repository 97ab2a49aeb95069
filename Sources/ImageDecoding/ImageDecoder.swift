/// Reads PNG (zlib), JPEG (libjpeg-turbo) and WebP (libwebp) pictures into pixels, telling the
/// format from the first bytes.
public enum ImageDecoder {
    /// The widest or tallest picture read.
    public static let maxSide = 16_384
    /// The most pixels read (about 160 MB as RGBA).
    public static let maxPixels = 40_000_000

    public enum Format: String, Sendable, Equatable {
        case png, jpeg, webp
    }

    /// The format told by the bytes' signature, or nil.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: PNGDecoder.signature) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }

    /// Decodes a PNG, JPEG or WebP picture.
    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> DecodedImage {
        switch format(of: bytes) {
        case .png: try PNGDecoder.decode(bytes)
        case .jpeg: try JPEGDecoder.decode(bytes)
        case .webp: try WebPDecoder.decode(bytes)
        case nil: throw .unknownFormat
        }
    }

    static func checkSize(_ width: Int, _ height: Int, format: String) throws(ImageDecodingError) {
        guard width > 0, height > 0 else { throw .damaged(format: format, detail: "it has no pixels") }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .tooLarge(width: width, height: height)
        }
    }
}
