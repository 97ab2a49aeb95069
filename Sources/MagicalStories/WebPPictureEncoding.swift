import Foundation
import ImageDecoding
import StoryBot
import StoryDomain

/// The image encoders behind the bot's ``PictureCompactor``: a stored picture as WebP at quality
/// 85 (JPEG when WebP fails), kept once per picture by a ``CompactPictureCache``.
enum WebPPictureEncoding {
    /// Bytes of compact copies kept in memory (~60 built-in 768×512 pages): enough for turning
    /// back and for a room's several browsers, little against the service's private memory.
    static let cacheBytes = 1 << 20

    /// The compactor the platforms share. Pictures are encoded one at a time on a thread of their
    /// own, never on the cooperative pool whose two threads answer every interaction's
    /// acknowledgement (measured: docs/benchmarks.md#picture-sizes-and-encoding).
    static func compactor() -> CompactPictureCache {
        let lane = DispatchQueue(label: "magical-stories.picture-encoder", qos: .userInitiated)
        return CompactPictureCache(budget: cacheBytes) { image in
            await withCheckedContinuation { done in lane.async { done.resume(returning: encode(image)) } }
        }
    }

    /// `image` as WebP (else JPEG) with the same id and size, or nil when it cannot be read.
    static func encode(_ image: StoredImage) -> StoredImage? {
        guard let (format, bytes) = PictureEncoder.compact([UInt8](image.data)) else { return nil }
        return StoredImage(id: image.id, contentType: format.contentType, data: Data(bytes), width: image.width, height: image.height)
    }
}
