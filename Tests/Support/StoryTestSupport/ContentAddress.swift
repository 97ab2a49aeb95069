import Foundation
import StoryDomain

/// Content addresses for pictures: 64 hex characters (the shape of the SQLite store's SHA-256
/// ids, which the web chat's image route checks), the same for the same bytes. Four FNV-1a
/// lanes: not cryptographic, and unique enough for a test's handful of pictures.
enum ContentAddress {
    static func imageID(of data: Data) -> ImageID {
        let seeds: [UInt64] = [0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_8422_2325_cbf2, 0x2325_cbf2_9ce4_8422]
        let lanes = seeds.map { seed in
            var hash = seed
            for byte in data {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            return hash
        }
        return ImageID(rawValue: lanes.map { String(format: "%016llx", $0) }.joined())
    }

    /// The same address for narration bytes.
    static func audioID(of data: Data) -> AudioID {
        AudioID(rawValue: imageID(of: data).rawValue)!
    }
}
