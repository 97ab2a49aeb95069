import Foundation
import GRDB

/// The shared stores on SQLite, under their engine's names (the composition root and tests
/// construct them with an ``AppDatabase``).
public typealias SQLiteKeyValueStore = SQLKeyValueStore
public typealias SQLiteFamilySettingsStore = SQLFamilySettingsStore
public typealias SQLiteFamilyDataStore = SQLFamilyDataStore
public typealias SQLiteAcknowledgementLedger = SQLAcknowledgementLedger
public typealias SQLiteRefusedRequestLedger = SQLRefusedRequestLedger
public typealias SQLiteNarrationStore = SQLNarrationStore
public typealias SQLiteCastStore = SQLCastStore
public typealias SQLiteBedtimeScheduleStore = SQLBedtimeScheduleStore
public typealias SQLiteApprovalStore = SQLApprovalStore
/// One process uses a SQLite file: no announcer, nobody else to tell.
public typealias SQLiteChatTranscript = SQLChatTranscript

// The GRDB cleanup the story repository still calls inside its own `write { }` until it moves
// onto the shared layer (then ``MediaTable`` does this once).

extension SQLNarrationStore {
    /// Audio ids the story's narrations use, to delete with it (see ``deleteUnused(_:in:)``).
    static func audioIDs(of story: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT audio_id FROM narration WHERE story_id = ?", arguments: [story])
    }

    /// Deletes the audio no narration uses any more.
    static func deleteUnused(_ audioIDs: [String], in db: Database) throws {
        for id in audioIDs {
            try db.execute(sql: "DELETE FROM audio WHERE id = ? AND NOT EXISTS (SELECT 1 FROM narration WHERE audio_id = ?)",
                           arguments: [id, id])
        }
    }
}

extension SQLCastStore {
    /// Deletes the picture when no page and no cast member uses it any more.
    static func deleteUnusedImage(_ id: String, in db: Database) throws {
        try db.execute(sql: """
            DELETE FROM image WHERE id = ? AND NOT EXISTS (SELECT 1 FROM page WHERE image_id = ?)
                AND NOT EXISTS (SELECT 1 FROM cast_member WHERE portrait_id = ?)
            """, arguments: [id, id, id])
    }
}
