import CWebP

/// A picture as libwebp encodes it (YUV 4:2:0 for lossy WebP, about half the size of RGB),
/// imported from pixels while they are at hand and encoded later, perhaps on another thread:
/// the built-in illustrator imports its canvas and paints the next page while this is encoded,
/// so no PNG is decoded again to make a page's chat form.
///
/// Owned by one thread at a time (it is handed over, never shared): encode it once.
public final class WebPInput: @unchecked Sendable {
    private var picture = WebPPicture()
    public let width: Int
    public let height: Int

    private init?(width: Int, height: Int, importing: (UnsafeMutablePointer<WebPPicture>) -> Int32) {
        self.width = width
        self.height = height
        guard width > 0, height > 0, WebPPictureInit(&picture) != 0 else { return nil }
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard importing(&picture) != 0 else { return nil }
    }

    /// Opaque pixels in memory order B, G, R, x (Cairo's ARGB32 on a little-endian machine),
    /// `bytesPerRow` apart; nil when libwebp refuses them.
    public convenience init?(bgrx pixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.init(width: width, height: height) {
            WebPPictureImportBGRX($0, pixels.assumingMemoryBound(to: UInt8.self), Int32(bytesPerRow))
        }
    }

    /// Packed RGB (3 bytes a pixel) or RGBA (4, transparency kept) pixels.
    convenience init?(packed pixels: [UInt8], width: Int, height: Int, alpha: Bool) {
        self.init(width: width, height: height) { picture in
            pixels.withUnsafeBufferPointer { source in
                alpha ? WebPPictureImportRGBA(picture, source.baseAddress, Int32(width * 4))
                    : WebPPictureImportRGB(picture, source.baseAddress, Int32(width * 3))
            }
        }
    }

    deinit { WebPPictureFree(&picture) }

    /// Lossy WebP at `quality` with libwebp's `method`; nil when libwebp refuses.
    public func encode(quality: Int = PictureEncoder.chatQuality, method: Int = PictureEncoder.chatMethod) -> [UInt8]? {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { return nil }
        config.quality = Float(min(max(quality, 0), 100))
        config.method = Int32(min(max(method, 0), 6))
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { target in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(target)
            defer { picture.custom_ptr = nil }
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let output = writer.mem, writer.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: writer.size))
    }
}
