import Crypto
import Foundation

/// SHA-256 content addresses of stored pictures, and the kept form of secrets: swift-crypto's
/// digest (the SQLite store uses the same), as 64 lower-case hex characters, computed here
/// rather than by the server so both stores address a picture the same way.
enum ContentAddress {
    /// The digest of `data` as 64 lower-case hex characters.
    static func hex(of data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
