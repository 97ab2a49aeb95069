import Foundation

/// The small line or two under a picture in the PDF that says what it shows (the page's moment).
/// It is the PDF's text alternative: Cairo 1.16 cannot give a tagged figure an `/Alt`, while a
/// caption is real text that screen readers, search and copy-paste all find, and it reads
/// naturally in a picture book. Pure: text is measured through a closure.
public struct PictureCaption: Sendable, Equatable {
    /// The caption's lines, centred under the picture; empty for no caption.
    public var lines: [String]

    public static let fontSize = 10.0
    public static let lineHeight = 13.0
    /// A long description is cut here, its last line ending in "…".
    public static let maxLines = 3
    /// Between the picture's bottom edge and the caption's first line.
    public static let gapAbove = 9.0

    public static let none = PictureCaption(lines: [])

    public init(lines: [String]) {
        self.lines = lines
    }

    /// The description wrapped to `width` (one paragraph: line breaks become spaces); no caption
    /// for a missing or blank description.
    public static func make(_ description: String?, width: Double, measure: (String) -> Double) -> PictureCaption {
        let words = (description ?? "").split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return .none }
        var lines = TextWrapper.wrap(words.joined(separator: " "), width: width, measure: measure)
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = ellipsized(lines[maxLines - 1], width: width, measure: measure)
        }
        return PictureCaption(lines: lines)
    }

    /// The room the caption takes below the picture, up to its last line's baseline.
    public var height: Double {
        lines.isEmpty ? 0 : Self.gapAbove + Self.fontSize + Double(lines.count - 1) * Self.lineHeight
    }

    /// The first line's baseline under a picture whose bottom edge is at `pictureBottom`.
    public static func firstBaseline(below pictureBottom: Double) -> Double {
        pictureBottom + gapAbove + fontSize
    }

    private static func ellipsized(_ line: String, width: Double, measure: (String) -> Double) -> String {
        var words = line.split(separator: " ").map(String.init)
        while words.count > 1, measure(words.joined(separator: " ") + "…") > width { words.removeLast() }
        return words.joined(separator: " ") + "…"
    }
}
