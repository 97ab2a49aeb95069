/// Text art: equal-width lines of characters.
public struct TextifiedImage: Sendable, Equatable {
    public let lines: [String]
    public let columns: Int
    public let palette: TextArtPalette

    public init(lines: [String], columns: Int, palette: TextArtPalette) {
        self.lines = lines
        self.columns = columns
        self.palette = palette
    }

    public var rows: Int { lines.count }

    /// The lines joined with line breaks.
    public var text: String { lines.joined(separator: "\n") }

    /// The text in a Markdown code block ("```" fences on lines of their own), as chats show it.
    public var codeBlock: String { "```\n" + text + "\n```" }

    /// The text's length in Unicode code points (what Discord counts).
    public var codePointCount: Int { TextArtLayout.codePoints(columns: columns, rows: rows) }
}
