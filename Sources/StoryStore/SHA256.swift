import Crypto
import Foundation

/// SHA-256 content addresses of stored pictures and audio, and of kept secrets: swift-crypto's
/// digest (the PostgreSQL store uses the same), as 64 lower-case hex characters.
enum SHA256 {
    /// The digest of `data` as 64 lower-case hex characters.
    static func hex(of data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in Crypto.SHA256.hash(data: data) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
