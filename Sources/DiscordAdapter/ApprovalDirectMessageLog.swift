import DiscordModels
import Foundation
import StoryDomain

/// Which direct messages show a story held for approval, kept in the app's key-value store (one
/// key per approval, `discord.approval-dm.<id>`), so an answer edits them also after a restart or
/// from another process, and a retried showing does not message a grown-up twice.
struct ApprovalDirectMessageLog: Sendable {
    /// One grown-up's direct message.
    struct Sent: Codable, Sendable, Equatable {
        var userID: Snowflake
        var channelID: Snowflake
        var messageID: Snowflake
    }

    /// The story shown (a 🌙 or 🔄 replaces it) and the messages showing it.
    struct Entry: Codable, Sendable, Equatable {
        var storyID: String
        var sent: [Sent]
    }

    let store: any KeyValueStore

    static func key(_ approval: PendingApproval) -> String { "discord.approval-dm.\(approval.id)" }

    /// The messages that show the approval's story (nil: none recorded).
    func entry(for approval: PendingApproval) async throws -> Entry? {
        guard let text = try await store.value(for: Self.key(approval)) else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: Data(text.utf8))
    }

    func save(_ entry: Entry, for approval: PendingApproval) async throws {
        let data = try JSONEncoder().encode(entry)
        try await store.setValue(String(decoding: data, as: UTF8.self), for: Self.key(approval))
    }

    /// Forgets the approval's messages (it left play).
    func remove(_ approval: PendingApproval) async throws {
        try await store.setValue(nil, for: Self.key(approval))
    }
}
