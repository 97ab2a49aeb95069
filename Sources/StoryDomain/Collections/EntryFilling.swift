import Foundation

/// What adding a story to a collection's entry does, decided from the entry as the store holds
/// it inside its transaction (PostgreSQL locks the entry's row first): an empty entry is filled,
/// and only a story that could not be finished is replaced (the replacement is a remake).
public enum EntryFilling: Sendable, Equatable {
    /// The entry has no story: the new one fills it.
    case fill
    /// The entry's story failed: it is deleted, the remake recorded, and the new one fills the entry.
    case replace(StoryID)
    /// Another request made the entry's story first: nothing changes.
    case keep

    /// The rule, from the entry's story (if any) and that story's status.
    public static func decide(existing: StoryID?, status: StoryStatus?) -> EntryFilling {
        guard let existing else { return .fill }
        return status == .failed ? .replace(existing) : .keep
    }

    /// Whether the new story is added.
    public var adds: Bool { self != .keep }
}
