import DiscordModels
import Foundation
import Synchronization

/// Makes fresh, increasing snowflakes and random interaction tokens.
final class IdentifierGenerator: Sendable {
    private static let discordEpochMilliseconds: UInt64 = 1_420_070_400_000
    private let last = Mutex<UInt64>(0)

    /// A snowflake for the current time, larger than every one made before.
    func snowflake() -> Snowflake {
        let milliseconds = UInt64(Date().timeIntervalSince1970 * 1000) - Self.discordEpochMilliseconds
        let candidate = milliseconds << 22 | 1 << 17
        return Snowflake(last.withLock { last in
            last = max(candidate, last + 1)
            return last
        })
    }

    /// A random URL-safe token like the ones Discord puts in interactions.
    func token() -> String {
        let bytes = (0..<48).map { _ in UInt8.random(in: .min ... .max) }
        return "aW50ZXJhY3Rpb246" + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A random 32-character hex session id.
    func sessionID() -> String {
        (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
    }
}
