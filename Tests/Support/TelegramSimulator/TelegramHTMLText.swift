/// Reads `text` as Telegram reads `parse_mode: HTML`: only its tags and entities, and only
/// balanced; the length that counts toward the limits is the text after entity parsing.
enum TelegramHTMLText {
    struct Unparsable: Error { let reason: String }

    static let tags: Set<String> = ["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre", "tg-spoiler",
                                    "blockquote", "a", "span"]

    /// The text a reader sees (tags dropped, entities read).
    static func visibleText(_ html: String) throws(Unparsable) -> String {
        var out = ""
        var open: [String] = []
        var rest = Substring(html)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "<":
                guard let close = rest.firstIndex(of: ">") else { throw Unparsable(reason: "unclosed start tag") }
                let inside = rest[..<close]
                rest = rest[rest.index(after: close)...]
                if inside.hasPrefix("/") {
                    let name = String(inside.dropFirst())
                    guard open.last == name else { throw Unparsable(reason: "unmatched end tag \(name)") }
                    open.removeLast()
                } else {
                    let name = String(inside.split(separator: " ").first ?? "")
                    guard tags.contains(name) else { throw Unparsable(reason: "unsupported start tag \"\(name)\"") }
                    open.append(name)
                }
            case "&":
                guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 8 else {
                    throw Unparsable(reason: "bad entity")
                }
                let name = rest[..<semicolon]
                rest = rest[rest.index(after: semicolon)...]
                switch name {
                case "lt": out.append("<")
                case "gt": out.append(">")
                case "amp": out.append("&")
                case "quot": out.append("\"")
                default:
                    guard name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) else {
                        throw Unparsable(reason: "unsupported entity \(name)")
                    }
                    out.unicodeScalars.append(scalar)
                }
            case ">":
                throw Unparsable(reason: "unexpected >")
            default:
                out.append(character)
            }
        }
        guard open.isEmpty else { throw Unparsable(reason: "can't find end tag corresponding to start tag \(open.last ?? "")") }
        return out
    }

    /// Telegram counts UTF-16 code units.
    static func length(_ text: String) -> Int { text.utf16.count }
}
