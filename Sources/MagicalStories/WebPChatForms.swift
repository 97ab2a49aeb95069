import Foundation
import ImageDecoding
import StoryDomain

/// The chat form of a picture (``ChatForm``): WebP at quality 85 (JPEG when WebP fails), made
/// when a page's picture is saved (and once for a picture saved before). A picture that is WebP
/// already, or whose copy would be no smaller, is sent as stored. The built-in illustrator's
/// pages come with their form already (``OfflineIllustrator/writesChatForms``, from the canvas's
/// pixels): this decodes and encodes model pictures and pictures saved before.
struct WebPChatForms: ChatFormEncoder {
    /// Pictures are encoded one at a time on a thread of their own (~12 ms a page in release),
    /// never on the cooperative pool whose two threads answer every interaction's acknowledgement.
    /// Encoding is now painting's work, not a page turn's: it yields to both, at background
    /// priority (nice 10 on Linux, as the painting thread; `.userInitiated` ran at nice −2, ahead of
    /// the event loops that answer acknowledgements and page turns; docs/benchmarks.md, the burst).
    private let lane = DispatchQueue(label: "magical-stories.picture-encoder", qos: .background)

    func chatForm(of data: Data, contentType: String) async -> ChatForm {
        guard contentType != PictureEncoder.Format.webp.contentType else { return .asStored }
        return await withCheckedContinuation { done in lane.async { done.resume(returning: Self.encode(data)) } }
    }

    /// `data` as WebP (else JPEG) when that is smaller; otherwise as stored.
    static func encode(_ data: Data) -> ChatForm {
        guard let (format, bytes) = PictureEncoder.compact([UInt8](data)), bytes.count < data.count else { return .asStored }
        return .copy(contentType: format.contentType, data: Data(bytes))
    }
}
