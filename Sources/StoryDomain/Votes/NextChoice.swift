/// One answer to "What happens next?" at the end of a chapter: the words the family sees and
/// the theme the next chapter is about when it wins. Both are writer text (the built-in list or
/// a model's screened choice), never the family's.
public struct NextChoice: Sendable, Hashable, Codable {
    /// The words shown on the button or poll answer, at most ``maxLength`` characters.
    public var text: String
    /// The next chapter's theme when this choice wins.
    public var theme: String
    /// The built-in writer's plot turn the chapter follows (nil for a model's choice).
    public var turn: ChapterTurn?

    public init(text: String, theme: String, turn: ChapterTurn? = nil) {
        self.text = String(text.prefix(Self.maxLength))
        self.theme = theme
        self.turn = turn
    }

    /// The longest choice (characters): a Discord poll answer's limit.
    public static let maxLength = 55
    /// The fewest and most choices a vote offers.
    public static let countRange = 2...3
    /// The question asked.
    public static let question = "What happens next?"
}
