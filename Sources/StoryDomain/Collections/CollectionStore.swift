import Foundation

/// Persistence of Growth Collections, reading progress and achievements. Each method is one transaction.
public protocol CollectionStore: Sendable {
    /// Stores the collection with all its steps, its first story and that story's job together;
    /// the daily quota is checked in the same transaction.
    func createCollection(_ collection: GrowthCollection, firstStory: Story, delivery: DeliveryAddress,
                          quota: DailyQuota?) async throws -> StoryJob
    /// Stores the story for `position` and its job, unless that position has a story already
    /// (a failed one is replaced, and the replacement is recorded as a remake of the entry).
    /// Returns whether it was added.
    func addStory(_ story: Story, to id: CollectionID, position: Int, delivery: DeliveryAddress) async throws -> Bool
    /// How many times the entry at `position` was remade (a failed story replaced) since `since`.
    func remakes(of id: CollectionID, position: Int, since: Date) async throws -> Int
    func collection(_ id: CollectionID) async throws -> CollectionProgress?
    /// The family's collections, newest first.
    func collections(of family: FamilyRef) async throws -> [CollectionProgress]
    /// Deletes the collection, its stories, their pictures no other story uses, and its progress.
    func deleteCollection(_ id: CollectionID) async throws -> Bool
    /// Notes that someone reached the story's last page. The first time, it counts as read:
    /// collections advance and achievements are earned (each once per family).
    func recordRead(of story: Story, at date: Date) async throws -> ReadOutcome
}
