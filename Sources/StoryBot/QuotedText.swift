/// Family text as a reply quotes it (a theme, a hero's or member's name, a title made from them):
/// inert on every platform. It reads the same, but no link in it becomes clickable and no mention
/// in it pings or even reads as one. Invisible word joiners (U+2060) split what chat clients look
/// for, so the same text is inert in Discord and in the web chat (whose page never makes links):
/// - `https://…` (bare, in `<…>` or in a masked link): `:` and `//` are split;
/// - a masked link `[x](…)`: `]` and `(` are split;
/// - `@everyone`, `@here`, `@name`: `@` and the word are split; `<@…>`, `<#…>`, `<@&…>`: `<` and the rest.
///
/// Replies quote with `"…\(quoted: theme)…"`: one place decides what quoting means.
public enum QuotedText {
    /// The invisible character that splits what a client would otherwise read as a link or mention.
    public static let joiner: Character = "\u{2060}"

    /// `raw` made inert.
    public static func inert(_ raw: String) -> String {
        var out = ""
        out.reserveCapacity(raw.count + 8)
        var rest = Substring(raw)
        while let character = rest.first {
            rest = rest.dropFirst()
            out.append(character)
            switch character {
            case ":" where rest.hasPrefix("//"): out.append(joiner)
            case "]" where rest.first == "(": out.append(joiner)
            case "<": out.append(joiner)
            case "@" where rest.first.map { $0.isLetter || $0.isNumber || $0 == "&" || $0 == "!" } ?? false: out.append(joiner)
            default: break
            }
        }
        return out
    }
}

extension String.StringInterpolation {
    /// Family text, quoted inertly (``QuotedText``).
    public mutating func appendInterpolation(quoted raw: String) {
        appendLiteral(QuotedText.inert(raw))
    }
}
