import CWebP

/// A WebP reader on libwebp (lossy and lossless), as RGBA.
public enum WebPDecoder {
    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> DecodedImage {
        var width: Int32 = 0, height: Int32 = 0
        let known = bytes.withUnsafeBufferPointer { WebPGetInfo($0.baseAddress, $0.count, &width, &height) }
        guard known != 0 else { throw .damaged(format: "WebP", detail: "its header could not be read") }
        try ImageDecoder.checkSize(Int(width), Int(height), format: "WebP")
        let stride = Int(width) * 4
        var pixels = [UInt8](repeating: 0, count: stride * Int(height))
        let decoded = pixels.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                WebPDecodeRGBAInto(source.baseAddress, source.count, target.baseAddress, target.count, Int32(stride))
            }
        }
        guard decoded != nil else { throw .damaged(format: "WebP", detail: "its picture data could not be read") }
        return DecodedImage(width: Int(width), height: Int(height), channels: 4, bytes: pixels)
    }
}
