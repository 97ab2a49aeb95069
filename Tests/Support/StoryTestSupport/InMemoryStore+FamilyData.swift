import Foundation
import StoryDomain

extension InMemoryStore: FamilySettingsStore {
    public func settings(for family: FamilyRef) async throws -> FamilySettings {
        try checkFault()
        return settingsByFamily[family] ?? FamilySettings()
    }

    public func save(_ settings: FamilySettings, for family: FamilyRef, by userID: String) async throws {
        try checkFault()
        families.insert(family)
        settingsByFamily[family] = settings
    }
}

extension InMemoryStore: ChatTranscriptStore {
    public func upsert(_ entry: TranscriptEntry) async throws {
        try checkFault()
        if var existing = messages[entry.id] {
            // An edit: the message keeps its room and creation time.
            existing.entry.payload = entry.payload
            existing.entry.updatedAt = entry.updatedAt
            messages[entry.id] = existing
        } else {
            messages[entry.id] = StoredMessage(entry: entry, sequence: nextSequence())
        }
    }

    public func recent(room: String, limit: Int) async throws -> [TranscriptEntry] {
        try checkFault()
        let newest = messages.values.filter { $0.entry.room == room }
            .sorted { ($0.entry.createdAt, $0.sequence) > ($1.entry.createdAt, $1.sequence) }
            .prefix(max(0, limit))
        return newest.reversed().map(\.entry)
    }

    public func entry(id: String) async throws -> TranscriptEntry? {
        try checkFault()
        return messages[id]?.entry
    }

    @discardableResult
    public func delete(id: String) async throws -> Bool {
        try checkFault()
        return messages.removeValue(forKey: id) != nil
    }

    public func removeStories(_ storyIDs: [String], messageIDs: [String], room: String) async throws {
        try checkFault()
        for id in messageIDs where messages[id]?.entry.room == room { messages[id] = nil }
    }

    @discardableResult
    public func prune(room: String?, keepNewest: Int, olderThan: Date) async throws -> Int {
        try checkFault()
        let rooms = room.map { [$0] } ?? Array(Set(messages.values.map(\.entry.room)))
        var deleted = 0
        for room in rooms {
            let newestFirst = messages.values.filter { $0.entry.room == room }
                .sorted { ($0.entry.createdAt, $0.sequence) > ($1.entry.createdAt, $1.sequence) }
            for (index, message) in newestFirst.enumerated() where index >= max(0, keepNewest) || message.entry.createdAt < olderThan {
                messages[message.entry.id] = nil
                deleted += 1
            }
        }
        return deleted
    }
}

extension InMemoryStore: FamilyDataStore {
    public func forget(_ family: FamilyRef) async throws -> ForgottenFamilyData {
        try checkFault()
        var forgotten = ForgottenFamilyData()
        if family.platform == Platform.web {
            let room = messages.filter { $0.value.entry.room == family.externalID }.map(\.key)
            for id in room { messages[id] = nil }
            forgotten.chatMessages = room.count
        }
        guard families.contains(family) else { return forgotten }
        let picturesBefore = images.count
        forgotten.storyIDs = stories.values.filter { $0.story.family == family }.map(\.story.id)
        forgotten.stories = delete(stories: forgotten.storyIDs)
        forgotten.pictures = picturesBefore - images.count
        let collections = collectionsByID.values.filter { $0.collection.family == family }.map(\.collection.id)
        forgotten.collections = collections.count
        // What the family row's foreign keys cascade to.
        for id in collections { collectionsByID[id] = nil }
        readingDays[family] = nil
        achievements[family] = nil
        settingsByFamily[family] = nil
        families.remove(family)
        return forgotten
    }
}
