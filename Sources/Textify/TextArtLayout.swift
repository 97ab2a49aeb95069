/// Sizes of text art: lines from the picture's shape, and the widest art that fits a budget.
public enum TextArtLayout {
    /// The widths the engine draws: at least 1, at most 400 characters.
    public static let columnRange = 1...400
    /// The most lines the engine draws.
    public static let maxRows = 400
    /// A character cell is about twice as tall as it is wide in monospace fonts.
    public static let cellAspect = 2.0
    /// A chat message's limit in code points (Discord's message content).
    public static let chatMessageLimit = 2000
    /// About as many monospace characters as a phone shows across a chat message.
    public static let phoneColumns = 40
    /// What the ``TextifiedImage/codeBlock`` fences add: "```\n" before and "\n```" after.
    public static let fenceCodePoints = 8

    /// Lines for `columns` characters across a `imageWidth × imageHeight` picture, keeping its shape.
    public static func rows(columns: Int, imageWidth: Int, imageHeight: Int) -> Int {
        guard imageWidth > 0, imageHeight > 0 else { return 1 }
        let rows = Double(columns) * Double(imageHeight) / Double(imageWidth) / cellAspect
        return min(maxRows, max(1, Int(rows.rounded())))
    }

    /// Code points of art `columns × rows`: its characters and the line breaks between lines.
    public static func codePoints(columns: Int, rows: Int) -> Int {
        rows * columns + max(0, rows - 1)
    }

    /// The widest art of at most `maxColumns` (and at least `minColumns`) characters whose text
    /// takes at most `maxCodePoints` code points; nil when even the narrowest does not fit.
    public static func fitting(imageWidth: Int, imageHeight: Int, maxColumns: Int, maxCodePoints: Int,
                               minColumns: Int = 12) -> (columns: Int, rows: Int)? {
        let widest = min(columnRange.upperBound, max(columnRange.lowerBound, maxColumns))
        let narrowest = max(columnRange.lowerBound, min(minColumns, widest))
        for columns in stride(from: widest, through: narrowest, by: -1) {
            let rows = rows(columns: columns, imageWidth: imageWidth, imageHeight: imageHeight)
            if codePoints(columns: columns, rows: rows) <= maxCodePoints { return (columns, rows) }
        }
        return nil
    }
}
