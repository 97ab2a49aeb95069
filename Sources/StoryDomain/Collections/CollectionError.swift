import Foundation

/// Refusals about collections.
public enum CollectionError: Error, Sendable, Equatable {
    case notFound
    case unknownGoal(String)
    case storyCountOutOfRange(Int, allowed: ClosedRange<Int>)
    /// Only the person who started it (or a manager) may delete a collection.
    case notAllowedToDelete
}
