import Foundation

/// Where a story sits in its collection (for the page view: its parent question).
public struct CollectionLink: Sendable, Equatable {
    public var collectionID: CollectionID
    public var position: Int
    public var storyCount: Int
    public var question: String

    public init(collectionID: CollectionID, position: Int, storyCount: Int, question: String) {
        self.collectionID = collectionID
        self.position = position
        self.storyCount = storyCount
        self.question = question
    }
}
