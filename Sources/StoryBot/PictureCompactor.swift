import StoryDomain

/// Makes the small lossy copy of a stored picture that chats and browsers are sent (WebP, else
/// JPEG), so a page turn carries ~15 KB instead of a ~150 KB PNG. The stored picture stays as it
/// is (PNG where lossless matters: books, text art). The composition root gives the encoder.
public protocol PictureCompactor: Sendable {
    /// `image` in a compact format, or nil when it is best sent as stored (already compact, or
    /// it cannot be encoded).
    func compact(_ image: StoredImage) async -> StoredImage?
}
