import Foundation
import GRDB
import StoryDomain
import Testing
@testable import StoryStore

/// Dates are stored as GRDB writes a `Date`: UTC text `YYYY-MM-DD HH:MM:SS.SSS`. Databases written
/// by earlier releases hold that text, so it must keep reading, and keep being written.
@Suite("Stored dates")
struct StoredDateTests {
    let moment = Date(timeIntervalSince1970: 1_795_000_000.4567) // 2026-11-18 11:06:40.457 UTC

    @Test("a date is written as UTC text to the millisecond")
    func writtenAsText() async throws {
        let database = try AppDatabase.inMemory()
        let transcript = SQLiteChatTranscript(database: database)
        try await transcript.upsert(TranscriptEntry(id: "m1", room: "r", payload: Data("{}".utf8), createdAt: moment, updatedAt: moment))
        let stored = try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT created_at FROM chat_message WHERE id = 'm1'")
        }
        #expect(stored == "2026-11-18 11:06:40.457")
    }

    @Test("text an earlier release wrote reads back as the same moment", arguments: [
        ("2026-11-18 11:06:40.457", 1_795_000_000.457), ("2026-11-18T11:06:40.457", 1_795_000_000.457),
        ("2026-11-18 11:06:40", 1_795_000_000), ("1969-12-31 23:59:59.999", -0.001),
    ])
    func earlierTextReads(text: String, seconds: Double) async throws {
        let database = try AppDatabase.inMemory()
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO chat_message (id, room, payload, created_at, updated_at) VALUES ('m1', 'r', x'7B7D', ?, ?)",
                           arguments: [text, text])
        }
        let entry = try #require(try await SQLiteChatTranscript(database: database).entry(id: "m1"))
        #expect(abs(entry.createdAt.timeIntervalSince1970 - seconds) < 0.000_5)
        #expect(entry.updatedAt == entry.createdAt)
    }
}
