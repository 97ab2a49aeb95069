import Foundation

/// A secret that opens a door: an invite code or a session token. Random from the system's
/// cryptographic generator, written in URL-safe base64 without padding. Only its hash is
/// stored; the secret itself is shown once (the invite link) or kept by the browser (the cookie).
public struct AccessSecret: Hashable, Sendable, CustomStringConvertible {
    /// Bytes of randomness in an invite code (128 bits: unguessable, short enough for a link).
    public static let inviteBytes = 16
    /// Bytes of randomness in a session token.
    public static let sessionBytes = 32

    public let rawValue: String

    /// A new secret of `bytes` random bytes.
    public static func random(bytes: Int) -> AccessSecret {
        var generator = SystemRandomNumberGenerator()
        let data = (0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return AccessSecret(unchecked: Self.base64URL(data))
    }

    /// A secret as given back: 22 to 64 URL-safe base64 characters, nothing else.
    public init?(rawValue: String) {
        guard (22...64).contains(rawValue.count), rawValue.allSatisfy(Self.isAlphabet) else { return nil }
        self.rawValue = rawValue
    }

    /// An invite code from what a person pasted: the whole link (`https://…/join#CODE`), or
    /// the code alone, with stray spaces or a trailing slash.
    public init?(link raw: String) {
        var text = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        if let hash = text.lastIndex(of: "#") { text = text[text.index(after: hash)...] }
        if let equals = text.lastIndex(of: "=") { text = text[text.index(after: equals)...] }
        while text.hasSuffix("/") { text = text.dropLast() }
        if let slash = text.lastIndex(of: "/") { text = text[text.index(after: slash)...] }
        self.init(rawValue: String(text))
    }

    init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// Secrets never print themselves (logs, descriptions): only their length.
    public var description: String { "AccessSecret(\(rawValue.count) characters, redacted)" }

    static func isAlphabet(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            let characters = chunk.count + 1
            for position in 0..<characters { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return out
    }
}
