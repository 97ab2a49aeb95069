import Foundation
import GRDB
import StoryDomain
import Testing
@testable import StoryStore

@Suite("Dates stored without ICU")
struct SQLiteDateTests {
    /// Moments from 1900 to 2200 with sub-millisecond fractions, plus the edges of days, months,
    /// leap years and the epoch, from a fixed seed.
    static let moments: [Date] = {
        var generator = SeededGenerator(seed: 0x5EED)
        var seconds: [Double] = [0, -0.0005, 0.0005, 0.9999, 86_399.9995, 951_782_400, 951_868_799.999, // 2000-02-29
                                 946_684_799.9999, 4_102_444_800, -2_208_988_800, -1, 1_700_000_000.123456]
        for _ in 0..<5000 {
            seconds.append(Double.random(in: -2_208_988_800...7_258_118_400, using: &generator)) // 1900...2200
        }
        return seconds.map(Date.init(timeIntervalSince1970:))
    }()

    @Test("writes the very text GRDB writes for a Date")
    func sameTextAsGRDB() {
        for date in Self.moments {
            #expect(SQLiteDate(date).databaseValue == date.databaseValue, "\(date.timeIntervalSince1970)")
        }
    }

    @Test("reads what GRDB wrote as GRDB reads it, and round-trips its own text")
    func readsLikeGRDB() throws {
        for date in Self.moments {
            let stored = date.databaseValue
            let ours = try #require(SQLiteDate.fromDatabaseValue(stored)?.date)
            let grdb = try #require(Date.fromDatabaseValue(stored))
            #expect(abs(ours.timeIntervalSince1970 - grdb.timeIntervalSince1970) < 1e-6, "\(stored)")
            #expect(SQLiteDate(ours).databaseValue == stored)
        }
    }

    @Test("accepts every text format GRDB accepts, and refuses the rest", arguments: [
        ("2026-11-23", true), ("2026-11-23 19:05", true), ("2026-11-23 19:05:42", true), ("2026-11-23T19:05:42.123", true),
        ("2026-11-23 19:05:42.123456", true), ("1969-12-31 23:59:59.999", true), ("2024-02-29 00:00:00.000", true),
        ("12:30", false), ("12:30:15", false), ("not a date", false), ("", false),
    ])
    func formats(text: String, isDate: Bool) {
        let ours = SQLiteDate.fromDatabaseValue(text.databaseValue)?.date
        let grdb = Date.fromDatabaseValue(text.databaseValue)
        #expect((ours != nil) == isDate)
        #expect((grdb != nil) == isDate)
        if let ours, let grdb { #expect(abs(ours.timeIntervalSince1970 - grdb.timeIntervalSince1970) < 1e-6) }
    }

    @Test("numbers are Unix times and NULL is no date")
    func numbers() {
        #expect(SQLiteDate.fromDatabaseValue(1_700_000_000.databaseValue)?.date == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(SQLiteDate.fromDatabaseValue(1.5.databaseValue)?.date == Date(timeIntervalSince1970: 1.5))
        #expect(SQLiteDate.fromDatabaseValue(.null) == nil)
    }

    @Test("rows and arguments in a real database go through the same text")
    func throughTheDatabase() throws {
        let queue = try DatabaseQueue()
        let moment = Date(timeIntervalSince1970: 1_795_000_000.4567)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, at DATETIME NOT NULL, until DATETIME)")
            try db.execute(sql: "INSERT INTO t (at, until) VALUES (?, ?)", arguments: [SQLiteDate(moment), nil as SQLiteDate?])
            try db.execute(sql: "INSERT INTO t (at, until) VALUES (?, ?)", arguments: [moment, moment])
        }
        try queue.read { db in
            let texts = try String.fetchAll(db, sql: "SELECT at FROM t ORDER BY id")
            #expect(texts == ["2026-11-18 11:06:40.457", "2026-11-18 11:06:40.457"])
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY id")
            let at: Date = rows[0]["at"]
            let until: Date? = rows[0]["until"]
            #expect(abs(at.timeIntervalSince1970 - 1_795_000_000.457) < 1e-6)
            #expect(until == nil)
            let second: Date? = rows[1]["until"]
            #expect(second.map { SQLiteDate($0).databaseValue } == moment.databaseValue)
            let later = try SQLiteDate.fetchAll(db, sql: "SELECT at FROM t WHERE at >= ?", arguments: [SQLiteDate(moment.addingTimeInterval(-1))])
            #expect(later.count == 2)
        }
    }

    @Test("records write and read their dates through SQLiteDate")
    func recordsUseSQLiteDate() {
        func encoding<Record: EncodableRecord>(_: Record.Type) -> DatabaseDateEncodingStrategy { Record.databaseDateEncodingStrategy(for: "created_at") }
        func decoding<Record: FetchableRecord>(_: Record.Type) -> DatabaseDateDecodingStrategy { Record.databaseDateDecodingStrategy(for: "created_at") }
        func check<Record: EncodableRecord & FetchableRecord>(_ record: Record.Type) {
            if case .custom = encoding(record) {} else { Issue.record("\(record) encodes dates with GRDB's formatter") }
            if case .custom = decoding(record) {} else { Issue.record("\(record) decodes dates with GRDB's calendar") }
        }
        check(StoryRecord.self)
        check(JobRecord.self)
        check(ImageRecord.self)
        check(FamilyRecord.self)
        check(ChatMessageRecord.self)
    }
}
