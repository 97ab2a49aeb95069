/// Text for Telegram's `parse_mode: HTML`. The bot's replies use light markdown (`**bold**`,
/// `*italic*`, `` `code` ``, backslash escapes); every other character — family text above all
/// (titles, names, themes: `_*[]()~<>&` and zalgo alike) — is escaped, so a message always parses.
public enum TelegramHTML {
    /// HTML and what a reader sees (whose UTF-16 length Telegram's limits count).
    public struct Text: Sendable, Equatable {
        public var html: String
        public var visible: String

        public init(html: String, visible: String) {
            self.html = html
            self.visible = visible
        }

        /// Telegram's length: UTF-16 code units of the visible text.
        public var length: Int { visible.utf16.count }

        public static func + (lhs: Text, rhs: Text) -> Text { Text(html: lhs.html + rhs.html, visible: lhs.visible + rhs.visible) }
    }

    /// `raw` shown as it is.
    public static func escape(_ raw: String) -> String {
        var out = ""
        out.reserveCapacity(raw.count)
        for character in raw {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Plain text, escaped.
    public static func plain(_ raw: String) -> Text { Text(html: escape(raw), visible: raw) }

    /// Plain text in one tag (`b`, `i`).
    public static func tagged(_ tag: String, _ raw: String) -> Text {
        Text(html: "<\(tag)>\(escape(raw))</\(tag)>", visible: raw)
    }

    /// Light markdown as HTML; markers that do not pair up leave the whole text plain (escaped).
    public static func fromMarkdown(_ markdown: String) -> Text {
        var html = ""
        var visible = ""
        var open: [String] = []
        var characters = Array(markdown)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            let inCode = open.last == "code"
            switch character {
            case "\\" where !inCode && characters.first.map(Self.escapable.contains) == true:
                let next = characters.removeFirst()
                html += escape(String(next))
                visible.append(next)
            case "`":
                toggle("code", &open, &html)
            case "*" where !inCode:
                if characters.first == "*" {
                    characters = characters.dropFirst()
                    toggle("b", &open, &html)
                } else {
                    toggle("i", &open, &html)
                }
            default:
                html += escape(String(character))
                visible.append(character)
            }
            if open.contains("!") { return plain(markdown) }
        }
        return open.isEmpty ? Text(html: html, visible: visible) : plain(markdown)
    }

    private static let escapable: Set<Character> = ["*", "_", "`", "\\", "~", "|", ">", "#", "-", "[", "]", "(", ")"]

    /// Opens `tag`, or closes it when it is the innermost open one; a close out of order marks failure ("!").
    private static func toggle(_ tag: String, _ open: inout [String], _ html: inout String) {
        if open.last == tag {
            open.removeLast()
            html += "</\(tag)>"
        } else if open.contains(tag) {
            open.append("!")
        } else {
            open.append(tag)
            html += "<\(tag)>"
        }
    }

    /// `text` cut to at most `limit` visible UTF-16 units, plainly, with "…" when cut.
    public static func fitted(_ text: Text, limit: Int) -> Text {
        guard text.length > limit else { return text }
        var visible = ""
        for character in text.visible {
            guard visible.utf16.count + String(character).utf16.count < limit else { break }
            visible.append(character)
        }
        return plain(visible + "…")
    }
}
