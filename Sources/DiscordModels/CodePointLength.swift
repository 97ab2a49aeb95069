/// Discord measures every length limit in Unicode code points (its API counts as Python 3's
/// `len` does), not in grapheme clusters as Swift's `String.count` does: a letter with three
/// combining marks is one `Character` but four code points.
extension StringProtocol {
    /// The length Discord checks against its limits.
    public var codePointCount: Int { unicodeScalars.count }

    /// The text cut to at most `limit` code points at a grapheme boundary, ending with "…" when
    /// it had to be cut. Never splits a letter from its marks or an emoji sequence.
    public func fittingCodePoints(_ limit: Int, ellipsis: String = "…") -> String {
        guard codePointCount > limit else { return String(self) }
        let budget = limit - ellipsis.unicodeScalars.count
        guard budget > 0 else { return String(ellipsis.unicodeScalars.prefix(Swift.max(0, limit)).map(Character.init)) }
        var kept = ""
        var used = 0
        for character in self {
            let size = character.unicodeScalars.count
            guard used + size <= budget else { break }
            kept.append(character)
            used += size
        }
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return kept + ellipsis
    }
}
