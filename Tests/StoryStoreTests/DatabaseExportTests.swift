import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("DatabaseExport: a snapshot of the SQLite database, table by table, for copy-to")
struct DatabaseExportTests {
    @Test("lists the service's tables, reads rows in rowid order in batches, as the kinds asked, and sees no later writes")
    func readsASnapshot() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let database = try temp.open()
        let repository = SQLiteStoryRepository(database: database, clock: ManualWallClock())
        let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
        _ = try await repository.createStory(Fixtures.story(id: "first"), delivery: delivery, quota: nil)
        _ = try await repository.createStory(Fixtures.story(id: "second"), delivery: delivery, quota: nil)
        let export = try DatabaseExport(database)
        _ = try await repository.createStory(Fixtures.story(id: "third"), delivery: delivery, quota: nil)

        let tables = try await export.tables()
        #expect(tables.contains("story") && tables.contains("job"))
        #expect(!tables.contains { $0.hasPrefix("sqlite_") || $0.hasPrefix("grdb_") })
        #expect(try await export.columns(of: "story").contains("id"))

        let id = DatabaseExport.Column(name: "id", kind: .text)
        let first = try await export.rows(of: "story", columns: [id], after: .min, limit: 1)
        #expect(first.rows == [[.text("first")]])
        let rest = try await export.rows(of: "story", columns: [id], after: try #require(first.last), limit: 10)
        #expect(rest.rows == [[.text("second")]], "the third story came after the snapshot")
        let none = try await export.rows(of: "story", columns: [id], after: try #require(rest.last), limit: 10)
        #expect(none.rows.isEmpty && none.last == nil)
    }

    @Test("a value that is not of its column's kind stops the export with the table and column named")
    func mismatchNamed() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let database = try temp.open()
        _ = try await SQLiteStoryRepository(database: database, clock: ManualWallClock())
            .createStory(Fixtures.story(id: "first"), delivery: DeliveryAddress(platform: "web", channelID: "family", messageID: "m1"),
                         quota: nil)
        let export = try DatabaseExport(database)
        await #expect {
            _ = try await export.rows(of: "story", columns: [.init(name: "id", kind: .integer)], after: .min, limit: 10)
        } throws: { error in
            (error as? DatabaseExport.Mismatch)?.description.contains("story.id holds") == true
        }
    }
}
