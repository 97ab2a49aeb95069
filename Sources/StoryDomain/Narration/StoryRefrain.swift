import Foundation

/// Finds a story's refrain in its pages. Stories do not keep it apart: the built-in writer gives
/// ages 2–4 a line said on every middle page (`"Be brave, little dragon!" whispered Pip.`, the
/// quoted words the same each time, the speaker different), and a model may repeat a sentence.
/// So the refrain is the quoted words, else the sentence, found on the most pages (at least two);
/// a story without one has its last page's closing line instead.
public enum StoryRefrain {
    /// The refrain of `pages` (spoken text, in order), or the last page's last sentence.
    public static func find(in pages: [String]) -> String {
        if let repeated = repeated(pages.map(quotations)) ?? repeated(pages.map(sentences)) { return repeated }
        return pages.last.flatMap { sentences($0).last } ?? ""
    }

    /// The entry found on the most pages (two or more), the earliest on a tie, as first written.
    static func repeated(_ perPage: [[String]]) -> String? {
        var pagesOf: [String: Set<Int>] = [:]
        var firstSeen: [String: (order: Int, text: String)] = [:]
        var order = 0
        for (page, entries) in perPage.enumerated() {
            for entry in entries {
                let key = normalized(entry)
                guard key.count >= 3 else { continue }
                pagesOf[key, default: []].insert(page)
                if firstSeen[key] == nil { firstSeen[key] = (order, entry) }
                order += 1
            }
        }
        let best = pagesOf.filter { $0.value.count >= 2 }
            .max { ($0.value.count, -firstSeen[$0.key]!.order) < ($1.value.count, -firstSeen[$1.key]!.order) }
        return best.flatMap { firstSeen[$0.key]?.text }
    }

    /// Words between quotation marks (`"…"`, `“…”`, `«…»`), trimmed.
    static func quotations(_ text: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in text {
            if current == nil, "\"“«„".contains(character) {
                current = ""
            } else if let open = current, "\"”»“".contains(character) {
                let trimmed = open.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { found.append(trimmed) }
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return found
    }

    /// The text's sentences, trimmed, each with its closing mark; a quotation's closing mark
    /// stays with it (`"Hush!" said Mia.` is one sentence).
    public static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var ended = false
        var quoted = false
        for character in text {
            if ended, character.isWhitespace {
                let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { result.append(trimmed) }
                current = ""
                ended = false
                continue
            }
            current.append(character)
            if "\"“”«»".contains(character) { quoted.toggle() }
            ended = (".!?…".contains(character) && !quoted) || (ended && "\"”»)".contains(character))
            if character == "\n" { ended = true }
        }
        let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { result.append(trimmed) }
        return result
    }

    private static func normalized(_ text: String) -> String {
        text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }.split(separator: " ").joined(separator: " ")
    }
}
