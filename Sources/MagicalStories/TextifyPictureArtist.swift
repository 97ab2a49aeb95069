import ImageDecoding
import StoryBot
import StoryDomain
import Synchronization
import Textify

/// The Textify engine behind the image decoders, as the bot's ``PictureTextArtist``. Keeps the
/// last few drawings, so turning back and forth through a text-art story draws each page once.
public final class TextifyPictureArtist: PictureTextArtist {
    /// Drawings kept (each a few KB of text).
    public static let cacheEntries = 64

    private struct Key: Hashable {
        var image: String
        var columns: Int
        var palette: TextArtPalette
        var dither: Bool
        var invert: Bool
        var outline: Bool
        var maxCodePoints: Int
    }

    private let cache = Mutex<(entries: [Key: TextifiedImage?], order: [Key])>(([:], []))

    public init() {}

    public func textArt(of image: StoredImage, options: TextArtOptions, maxCodePoints: Int) -> TextifiedImage? {
        let key = Key(image: image.id.rawValue, columns: options.columns, palette: options.palette, dither: options.dither,
                      invert: options.invert, outline: options.outline, maxCodePoints: maxCodePoints)
        if let known = cache.withLock({ $0.entries[key] }) { return known }
        let art = try? PictureTextifier.textArt(of: Array(image.data), options: options, fitting: maxCodePoints)
        cache.withLock { cache in
            if cache.entries.updateValue(art, forKey: key) == nil { cache.order.append(key) }
            if cache.order.count > Self.cacheEntries { cache.entries[cache.order.removeFirst()] = nil }
        }
        return art
    }
}
