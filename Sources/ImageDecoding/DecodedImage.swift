import Textify

/// Decoded pixels: 8 bits per channel, interleaved, row by row, no padding.
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// 1 gray, 2 gray and alpha, 3 RGB, 4 RGBA.
    public let channels: Int
    public let bytes: [UInt8]

    public init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.bytes = bytes
    }

    /// Its luminance, for the Textify engine (transparent parts over white).
    public var grayImage: GrayImage? {
        GrayImage(width: width, height: height, channels: channels, bytes: bytes)
    }
}
