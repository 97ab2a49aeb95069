import Foundation

extension StorySummary {
    /// The library's entry for a chain of chapters in reading order: its first kept chapter,
    /// listing them all in ``chapters`` when there is more than one; nil for an empty chain (all
    /// deleted).
    public static func libraryEntry(ofChain chain: [StorySummary]) -> StorySummary? {
        guard var entry = chain.first else { return nil }
        if chain.count > 1 { entry.chapters = chain }
        return entry
    }
}
