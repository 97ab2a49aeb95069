import Foundation

/// A collection with its entries, in order.
public struct CollectionProgress: Sendable, Equatable {
    public var collection: GrowthCollection
    public var entries: [CollectionEntry]

    public init(collection: GrowthCollection, entries: [CollectionEntry]) {
        self.collection = collection
        self.entries = entries
    }

    public var readCount: Int { entries.filter(\.isRead).count }
    public var isComplete: Bool { readCount == collection.storyCount }
    /// The first entry not read yet.
    public var nextUnread: CollectionEntry? { entries.first { !$0.isRead } }
}
