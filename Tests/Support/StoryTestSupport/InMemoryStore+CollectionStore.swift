import Foundation
import StoryDomain

extension InMemoryStore: CollectionStore {
    public func createCollection(_ collection: GrowthCollection, firstStory: Story, delivery: DeliveryAddress,
                                 quota: DailyQuota?) async throws -> StoryJob {
        try checkFault()
        guard collectionsByID[collection.id] == nil else { throw InMemoryStoreError.constraint("collection \(collection.id) exists") }
        let job = try insert(firstStory, delivery: delivery, quota: quota)
        families.insert(collection.family)
        let entries = collection.steps.enumerated().map { index, step in
            StoredEntry(position: index + 1, theme: step.theme, question: step.question, storyID: index == 0 ? firstStory.id : nil)
        }
        collectionsByID[collection.id] = StoredCollection(collection: collection, entries: entries, sequence: nextSequence())
        return job
    }

    public func addStory(_ story: Story, to id: CollectionID, position: Int, delivery: DeliveryAddress) async throws -> Bool {
        try checkFault()
        guard let entry = collectionsByID[id]?.entries.first(where: { $0.position == position }) else { return false }
        let filling = EntryFilling.decide(existing: entry.storyID, status: entry.storyID.flatMap { stories[$0]?.story.status })
        guard filling.adds else { return false }
        if case let .replace(existing) = filling {
            _ = delete(stories: [existing])
            remakes.append((id, position, clock.now()))
        }
        _ = try insert(story, delivery: delivery, quota: nil)
        if let index = collectionsByID[id]?.entries.firstIndex(where: { $0.position == position }) {
            collectionsByID[id]?.entries[index].storyID = story.id
        }
        return true
    }

    public func remakes(of id: CollectionID, position: Int, since: Date) async throws -> Int {
        try checkFault()
        return remakes.filter { $0.collection == id && $0.position == position && $0.at >= since }.count
    }

    public func collection(_ id: CollectionID) async throws -> CollectionProgress? {
        try checkFault()
        return progress(id)
    }

    public func collections(of family: FamilyRef) async throws -> [CollectionProgress] {
        try checkFault()
        return collectionsByID.values.filter { $0.collection.family == family }
            .sorted { ($0.collection.createdAt, $0.sequence) > ($1.collection.createdAt, $1.sequence) }
            .compactMap { progress($0.collection.id) }
    }

    public func deleteCollection(_ id: CollectionID) async throws -> Bool {
        try checkFault()
        let storyIDs = collectionsByID[id]?.entries.compactMap(\.storyID) ?? []
        let key = Self.achievementKey(.collectionComplete, detail: id.rawValue)
        for family in achievements.keys { achievements[family]?[key] = nil }
        let deleted = collectionsByID.removeValue(forKey: id) != nil
        remakes.removeAll { $0.collection == id }
        _ = delete(stories: storyIDs)
        return deleted
    }

    public func recordRead(of story: Story, at date: Date) async throws -> ReadOutcome {
        try checkFault()
        let firstRead = stories[story.id] != nil && stories[story.id]?.story.readAt == nil
        if firstRead { stories[story.id]?.story.readAt = date }
        let collectionID = collectionsByID.values.first { $0.entries.contains { $0.storyID == story.id } }?.collection.id
        guard firstRead, families.contains(story.family) else {
            return ReadOutcome(firstRead: false, earned: [], collection: collectionID.flatMap(progress))
        }
        let family = story.family
        let read = FirstRead(at: date)
        readingDays[family, default: []].insert(read.day)
        let storiesRead = stories.values.filter { $0.story.family == family && $0.story.readAt != nil }.count
        let days = (readingDays[family] ?? []).filter { $0 >= read.earliestDayNeeded }
        let decision = read.decide(storiesRead: storiesRead, readingDays: days, collection: collectionID.flatMap(progress))
        if let completed = decision.completed { collectionsByID[completed]?.collection.completedAt = date }
        var earned: [Achievement] = []
        for achievement in decision.achievements {
            let key = Self.achievementKey(achievement.kind, detail: achievement.detail)
            guard achievements[family]?[key] == nil else { continue }
            achievements[family, default: [:]][key] = date
            earned.append(achievement)
        }
        return ReadOutcome(firstRead: true, earned: earned, collection: decision.collection)
    }

    /// A collection with its entries and their stories' state.
    func progress(_ id: CollectionID) -> CollectionProgress? {
        guard let stored = collectionsByID[id] else { return nil }
        let entries = stored.entries.sorted { $0.position < $1.position }.map { entry in
            let story = entry.storyID.flatMap { stories[$0]?.story }
            return CollectionEntry(position: entry.position, theme: entry.theme, question: entry.question, storyID: story?.id,
                                   storyTitle: story?.title, storyStatus: story?.status, readAt: story?.readAt)
        }
        return CollectionProgress(collection: stored.collection, entries: entries)
    }

    static func achievementKey(_ kind: Achievement.Kind, detail: String) -> String { "\(kind.rawValue)|\(detail)" }
}
