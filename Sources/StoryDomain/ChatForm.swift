import Foundation

/// How a stored picture is sent to chats and browsers, chosen once when it is saved: a smaller
/// lossy copy (WebP, else JPEG) kept beside the stored picture, or the stored picture itself.
/// The stored picture stays as it was made (a lossless PNG where that matters: books, text art).
public enum ChatForm: Sendable, Hashable {
    /// A smaller copy of the picture (same pixels, same size), e.g. `image/webp`.
    case copy(contentType: String, data: Data)
    /// The stored picture itself: no copy was smaller (or it is WebP already).
    case asStored

    /// `stored` as chats are sent it: this copy with the picture's id and size, or `stored`.
    public func picture(of stored: StoredImage) -> StoredImage {
        guard case let .copy(contentType, data) = self else { return stored }
        return StoredImage(id: stored.id, contentType: contentType, data: data, width: stored.width, height: stored.height)
    }
}

/// Chooses a picture's ``ChatForm`` (the composition root encodes: WebP, else JPEG).
public protocol ChatFormEncoder: Sendable {
    /// The form `data` (a picture of type `contentType`) is sent to chats in: a smaller copy, or
    /// ``ChatForm/asStored`` when none is smaller or it cannot be read.
    func chatForm(of data: Data, contentType: String) async -> ChatForm
}
