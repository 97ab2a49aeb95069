import Crypto
import Foundation

/// Pictures and audio are stored once, addressed by the SHA-256 of their bytes (lower-case hex).
public enum ContentAddress {
    public static func of(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
