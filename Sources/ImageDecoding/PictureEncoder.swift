import CTurboJPEG

/// Encodes pixels as small lossy pictures for showing in chats and browsers: WebP (libwebp),
/// else JPEG (libjpeg-turbo). The same pixels and quality always give the same bytes. Stored
/// pictures stay PNG where lossless matters (books, text art); this makes what is sent.
public enum PictureEncoder {
    /// A compact picture's format.
    public enum Format: String, Sendable, Equatable {
        case webp, jpeg

        /// Its MIME type.
        public var contentType: String { self == .webp ? "image/webp" : "image/jpeg" }
        /// Its file name extension.
        public var fileExtension: String { self == .webp ? "webp" : "jpg" }
    }

    /// The quality used for chat pictures (measured: docs/benchmarks.md#picture-sizes-and-encoding).
    public static let chatQuality = 85

    /// `bytes` (a PNG, JPEG or WebP picture) as WebP at `quality`, else as JPEG when WebP fails;
    /// nil when the picture cannot be read or encoded.
    public static func compact(_ bytes: [UInt8], quality: Int = chatQuality) -> (format: Format, bytes: [UInt8])? {
        guard let image = try? ImageDecoder.decode(bytes) else { return nil }
        if let webp = webp(image, quality: quality) { return (.webp, webp) }
        if let jpeg = jpeg(image, quality: quality) { return (.jpeg, jpeg) }
        return nil
    }

    /// libwebp's speed/size trade-off for chat pictures (0 fastest … 6 smallest; its default is 4).
    public static let chatMethod = 2

    /// Lossy WebP (transparency kept); nil when libwebp refuses.
    public static func webp(_ image: DecodedImage, quality: Int = chatQuality, method: Int = chatMethod) -> [UInt8]? {
        let opaque = image.channels == 3 || image.channels == 1
        let pixels = opaque ? rgb(of: image) : rgba(of: image)
        return WebPInput(packed: pixels, width: image.width, height: image.height, alpha: !opaque)?.encode(quality: quality, method: method)
    }

    /// Baseline JPEG, 4:2:0, transparent parts over white; nil when libjpeg-turbo refuses.
    public static func jpeg(_ image: DecodedImage, quality: Int = chatQuality) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        let pixels = rgb(of: image)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { source in
            tjCompress2(handle, source.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), Int32(min(max(quality, 1), 100)), 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output, size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// The pixels as packed RGB, transparent parts blended over white.
    static func rgb(of image: DecodedImage) -> [UInt8] { packed(image, keepingAlpha: false) }

    /// The pixels as packed RGBA (gray spread to the three colours).
    static func rgba(of image: DecodedImage) -> [UInt8] { packed(image, keepingAlpha: true) }

    /// The pixels as packed RGBA, or as RGB blended over white.
    private static func packed(_ image: DecodedImage, keepingAlpha: Bool) -> [UInt8] {
        let channels = image.channels, target = keepingAlpha ? 4 : 3
        if channels == target { return image.bytes }
        var out = [UInt8](repeating: 255, count: image.width * image.height * target)
        image.bytes.withUnsafeBufferPointer { source in
            for pixel in 0..<(image.width * image.height) {
                let base = pixel * channels
                let alpha = channels == 2 || channels == 4 ? Int(source[base + channels - 1]) : 255
                for component in 0..<3 {
                    let value = Int(source[base + (channels >= 3 ? component : 0)])
                    out[pixel * target + component] = keepingAlpha ? UInt8(value) : UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                }
                if keepingAlpha { out[pixel * 4 + 3] = UInt8(alpha) }
            }
        }
        return out
    }
}
