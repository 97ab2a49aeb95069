import Foundation

/// Breaks text into lines no wider than a width, given a way to measure a line. Pure: the
/// renderer measures with Cairo, tests with a fixed advance per character.
public enum TextWrapper {
    /// The lines of `text`: paragraphs (separated by blank lines) are kept apart by an empty
    /// line; a single line break inside a paragraph is kept as a break; a word wider than
    /// `width` on its own is split between characters.
    public static func wrap(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        let paragraphs = text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append("") }
            for row in paragraph.split(separator: "\n", omittingEmptySubsequences: true) {
                lines += wrapLine(String(row), width: width, measure: measure)
            }
        }
        return lines
    }

    static func wrapLine(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            // A word too wide on its own: as many characters per line as fit.
            var piece = ""
            for character in word {
                if !piece.isEmpty, measure(piece + String(character)) > width {
                    lines.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            current = piece
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
