import Foundation

/// A message's text read as a command for this bot: `/story@OurBot new …` becomes
/// `/story new …`; a command addressed to another bot, or text that is no command, is nil.
enum TelegramCommandText {
    static func command(_ text: String, botUsername: String?) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("/") else { return nil }
        let head = trimmed.prefix { !$0.isWhitespace }
        let rest = trimmed.dropFirst(head.count)
        guard let at = head.firstIndex(of: "@") else { return trimmed }
        let addressee = head[head.index(after: at)...]
        guard let botUsername, addressee.lowercased() == botUsername.lowercased() else { return nil }
        return String(head[..<at]) + rest
    }
}
