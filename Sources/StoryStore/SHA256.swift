import Foundation
import StoreSQL

/// SHA-256 content addresses of stored pictures and audio, and of kept secrets, as 64 lower-case
/// hex characters: the shared layer's ``ContentAddress`` (swift-crypto), as on PostgreSQL.
enum SHA256 {
    static func hex(of data: Data) -> String { ContentAddress.of(data) }
}
