import Foundation
import StoreSQL
import StoryDomain

/// The fakes address pictures and audio as the stores do: by the SHA-256 of their bytes
/// (StoreSQL's one ``StoreSQL/ContentAddress``), so a test sees the same ids on every backend.
enum FakeContentAddress {
    static func imageID(of data: Data) -> ImageID {
        ImageID(rawValue: ContentAddress.of(data))
    }

    /// The same address for narration bytes.
    static func audioID(of data: Data) -> AudioID {
        AudioID(rawValue: ContentAddress.of(data))!
    }
}
