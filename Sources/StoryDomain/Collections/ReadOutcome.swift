import Foundation

/// What reading a story to the end changed.
public struct ReadOutcome: Sendable, Equatable {
    /// False when the story had been read before.
    public var firstRead: Bool
    /// Achievements earned just now.
    public var earned: [Achievement]
    /// The story's collection after the read, if it belongs to one.
    public var collection: CollectionProgress?
    /// The collection's next story was not made because its owner's premium has ended.
    public var nextNeedsPremium: Bool

    public init(firstRead: Bool, earned: [Achievement], collection: CollectionProgress?, nextNeedsPremium: Bool = false) {
        self.firstRead = firstRead
        self.earned = earned
        self.collection = collection
        self.nextNeedsPremium = nextNeedsPremium
    }
}
