/// A grayscale picture: one luminance value per pixel, from 0 (black) to 1 (white), row by row.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height` values, row by row, each in 0...1.
    public private(set) var pixels: [Float]

    /// A picture from luminance values (clamped to 0...1); nil when the size is empty or the
    /// count of values does not match it.
    public init?(width: Int, height: Int, pixels: [Float]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels.map { $0.isNaN ? 0 : min(1, max(0, $0)) }
    }

    /// A picture of one shade.
    public init?(width: Int, height: Int, shade: Float) {
        self.init(width: width, height: height, pixels: [Float](repeating: shade, count: max(0, width) * max(0, height)))
    }

    /// A picture drawn by a function of the pixel's position (handy for gradients and shapes).
    public init?(width: Int, height: Int, shade: (_ x: Int, _ y: Int) -> Float) {
        guard width > 0, height > 0 else { return nil }
        var values = [Float]()
        values.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { values.append(shade(x, y)) }
        }
        self.init(width: width, height: height, pixels: values)
    }

    /// The luminance of 8-bit interleaved pixels: `channels` is 1 (gray), 2 (gray and alpha),
    /// 3 (RGB) or 4 (RGBA). Colour is weighed with the Rec. 709 luma coefficients; transparent
    /// pixels are blended over `background` (0 black … 1 white). Nil when the sizes disagree.
    public init?(width: Int, height: Int, channels: Int, bytes: [UInt8], background: Float = 1) {
        guard width > 0, height > 0, (1...4).contains(channels), bytes.count >= width * height * channels else { return nil }
        let back = min(1, max(0, background)) * 255
        var values = [Float](repeating: 0, count: width * height)
        bytes.withUnsafeBufferPointer { source in
            values.withUnsafeMutableBufferPointer { target in
                Self.luminance(of: source.baseAddress!, count: width * height, channels: channels, background: back, into: target)
            }
        }
        self.width = width
        self.height = height
        pixels = values
    }

    /// The value at column `x`, row `y` (both 0-based and inside the picture).
    public subscript(x: Int, y: Int) -> Float {
        pixels[y * width + x]
    }

    /// Rec. 709 luma of an 8-bit colour, 0...255.
    @inline(__always)
    static func luma(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Float {
        0.2126 * Float(red) + 0.7152 * Float(green) + 0.0722 * Float(blue)
    }

    /// Internal: a picture whose values are already known to be in range.
    init(unchecked width: Int, _ height: Int, _ pixels: [Float]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
