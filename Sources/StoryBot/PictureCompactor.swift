import StoryDomain

/// Makes the small lossy copy of a stored picture that chats and browsers are sent (WebP, else
/// JPEG), so a page turn carries a fraction of the PNG (measured:
/// docs/benchmarks.md#picture-sizes-and-encoding). The stored picture stays as it
/// is (PNG where lossless matters: books, text art). The composition root gives the encoder.
public protocol PictureCompactor: Sendable {
    /// `image` in a compact format, or nil when it is best sent as stored (already compact, or
    /// it cannot be encoded).
    func compact(_ image: StoredImage) async -> StoredImage?
}
