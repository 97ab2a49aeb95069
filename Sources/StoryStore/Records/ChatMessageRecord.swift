import Foundation
import GRDB

/// A row of `chat_message`: one web chat message as the adapter encoded it.
struct ChatMessageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "chat_message"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var room: String
    var payload: Data
    var createdAt: Date
    var updatedAt: Date
}
