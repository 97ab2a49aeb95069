import Foundation

/// One message of a chat room's transcript, stored as the adapter's own encoding.
public struct TranscriptEntry: Sendable, Equatable {
    public var id: String
    public var room: String
    public var payload: Data
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, room: String, payload: Data, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.room = room
        self.payload = payload
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A room's conversation, kept so that a reconnecting reader sees what they missed.
public protocol ChatTranscriptStore: Sendable {
    /// Inserts the message or replaces the one with the same id (an edit).
    func upsert(_ entry: TranscriptEntry) async throws
    /// The newest `limit` messages of the room, oldest first.
    func recent(room: String, limit: Int) async throws -> [TranscriptEntry]
    func entry(id: String) async throws -> TranscriptEntry?
    /// Deletes one message (a public answer taken back). Returns whether it was there.
    @discardableResult
    func delete(id: String) async throws -> Bool
    /// Stories were deleted: deletes the room's messages `messageIDs` (those that showed them)
    /// and, where several processes share the store, tells the others in the same transaction
    /// that `storyIDs` are gone, so their browsers take the stories off too.
    func removeStories(_ storyIDs: [String], messageIDs: [String], room: String) async throws
    /// Retention: deletes the room's messages (every room's when nil) beyond its newest
    /// `keepNewest`, and those created before `olderThan`. Returns how many were deleted.
    @discardableResult
    func prune(room: String?, keepNewest: Int, olderThan: Date) async throws -> Int
}
