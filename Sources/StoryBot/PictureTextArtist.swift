import StoryDomain
import Textify

/// Draws a stored picture as text art where pictures cannot be shown: for families who chose
/// `illustrations:text`, and in chats where the bot may not attach files. The composition root
/// gives the Textify engine behind the image decoders; platforms choose the options.
public protocol PictureTextArtist: Sendable {
    /// `image` as text art at most `options.columns` characters across whose text (lines and
    /// line breaks, without fences) takes at most `maxCodePoints` code points; nil when the
    /// picture cannot be read or no art that small fits.
    func textArt(of image: StoredImage, options: TextArtOptions, maxCodePoints: Int) -> TextifiedImage?
}
