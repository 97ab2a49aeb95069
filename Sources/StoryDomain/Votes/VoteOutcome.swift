/// Who won a vote on what happens next. A tie is broken kindly: every tied choice happens,
/// the first of them (in the order they were offered) in the next chapter and the others after it.
public struct VoteOutcome: Sendable, Equatable {
    /// The choice the next chapter follows.
    public var first: Int
    /// The other choices tied with it, in offered order (they come after: offered first next time).
    public var then: [Int]

    /// Nil when nobody voted.
    public init?(counts: [Int]) {
        guard let top = counts.max(), top > 0 else { return nil }
        let tied = counts.indices.filter { counts[$0] == top }
        first = tied[0]
        then = Array(tied.dropFirst())
    }

    /// True when several choices had the most votes.
    public var isTie: Bool { !then.isEmpty }

    /// The line that tells the family: "“A lost kite” wins!" or, for a tie, "Both! First “A lost
    /// kite”, then “A lost bell”." (writer text only).
    public func line(_ choices: [NextChoice]) -> String {
        let name = { (index: Int) in "“\(Self.plain(choices[index].text))”" }
        guard isTie else { return "\(name(first)) wins!" }
        let lead = then.count == 1 ? "Both!" : "All of them!"
        let rest = then.map(name)
        let list = rest.count == 1 ? rest[0] : rest.dropLast().joined(separator: ", ") + " and " + rest[rest.count - 1]
        return "\(lead) First \(name(first)), then \(list)."
    }

    /// The text without its leading picture.
    static func plain(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, first.properties.isEmojiPresentation || first.properties.isEmoji && first.value > 0x2000,
              let space = text.firstIndex(of: " ") else { return text }
        return String(text[text.index(after: space)...])
    }
}
