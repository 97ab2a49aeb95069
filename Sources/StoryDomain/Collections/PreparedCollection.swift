import Foundation

/// A collection about to be started, and its first story.
public struct PreparedCollection: Sendable, Equatable {
    public var collection: GrowthCollection
    public var firstStory: Story
}
