import Foundation

/// Refusals about collections.
public enum CollectionError: Error, Sendable, Equatable {
    case notFound
    case unknownGoal(String)
    case storyCountOutOfRange(Int, allowed: ClosedRange<Int>)
    /// Only the person who started it (or a manager) may delete a collection.
    case notAllowedToDelete
    /// The entry's story could not be finished and was remade as often as a day allows; it can
    /// be tried again after `resetsAt` (`limit` remakes a day).
    case remakeLimitReached(limit: Int, resetsAt: Date, waitSeconds: Int)
}
