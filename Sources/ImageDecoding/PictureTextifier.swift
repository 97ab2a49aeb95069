import Textify

/// The Textify engine behind the decoding step: picture bytes (PNG, JPEG, WebP) → text art.
public enum PictureTextifier {
    /// The picture as text art with `options`.
    public static func textArt(of bytes: [UInt8], options: TextArtOptions) throws(ImageDecodingError) -> TextifiedImage {
        let decoded = try ImageDecoder.decode(bytes)
        guard let art = Textifier(options: options).render(width: decoded.width, height: decoded.height,
                                                           channels: decoded.channels, bytes: decoded.bytes) else {
            throw .damaged(format: "picture", detail: "its pixels do not match its size")
        }
        return art
    }

    /// The widest art of at most `options.columns` whose text fits `maxCodePoints`; nil when
    /// even a narrow one does not.
    public static func textArt(of bytes: [UInt8], options: TextArtOptions,
                               fitting maxCodePoints: Int) throws(ImageDecodingError) -> TextifiedImage? {
        let decoded = try ImageDecoder.decode(bytes)
        return Textifier(options: options).render(width: decoded.width, height: decoded.height, channels: decoded.channels,
                                                  bytes: decoded.bytes, fitting: maxCodePoints)
    }

    /// The picture's luminance.
    public static func grayImage(of bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        let decoded = try ImageDecoder.decode(bytes)
        guard let image = decoded.grayImage else { throw .damaged(format: "picture", detail: "its pixels do not match its size") }
        return image
    }
}
