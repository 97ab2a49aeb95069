import Foundation

/// The facts a PNG's IHDR chunk states about the picture.
public struct PNGInfo: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// Bits per sample (1, 2, 4, 8 or 16).
    public var bitDepth: Int
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
    public var colorType: Int

    public init(width: Int, height: Int, bitDepth: Int, colorType: Int) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
    }
}

/// Reads the header of PNG bytes, to check that image data really is a PNG and of what size.
public struct PNGInspector: Sendable {
    /// The 8-byte signature every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of `data` if it starts with the PNG signature followed by a well-formed IHDR
    /// chunk (length 13, non-zero size, a legal bit depth for the colour type); otherwise nil.
    public static func inspect(_ data: Data) -> PNGInfo? {
        let bytes = [UInt8](data.prefix(33))
        guard bytes.count == 33, Array(bytes[0..<8]) == signature else { return nil }
        func u32(_ at: Int) -> UInt32 {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        guard u32(8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let width = u32(16), height = u32(20)
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { return nil }
        let depth = Int(bytes[24]), type = Int(bytes[25])
        let legal: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard legal[type]?.contains(depth) == true else { return nil }
        return PNGInfo(width: Int(width), height: Int(height), bitDepth: depth, colorType: type)
    }

    private init() {}
}
