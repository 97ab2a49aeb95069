import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("AppDatabase")
struct AppDatabaseTests {
    @Test("opens a new file in WAL mode with foreign keys and every migration applied")
    func opensWithWALAndMigrations() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let database = try temp.open()
        let (journal, foreignKeys) = try await database.writer.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
        #expect(try database.appliedMigrations() == ["v1: families, stories, pages, images, jobs, chat", "v2: bot state", "v3: usage ledger, delivery marks",
                                                     "v4: plans, audit, settings, collections, achievements", "v5: quota ledger",
                                                     "v6: a story the bedtime screen refused keeps its quota use",
                                                     "v7: request keys, acknowledgement receipts",
                                                     "v8: web chat rooms, members, invites, sessions",
                                                     "v9: model calls, refused requests, collection remakes, queue turns by family",
                                                     "v11: interaction tokens forgotten when finished", "v12: job leases",
                                                     "v13: narration audio, kept with its story", "v14: the family's cast",
                                                     "v15: story chapters",
                                                     "v16: identify turns and REST requests shared by the bot's processes",
                                                     "v17: a web chat member is welcomed once",
                                                     "v18: built-in stories counted apart",
                                                     "v19: who a story is for (children or the family)",
                                                     "v20: cast pronouns",
                                                     "v21: pictures kept as chats are sent them",
                                                     "v22: bedtime schedules and their evenings",
                                                     "v23: lease expiries counted apart from attempts",
                                                     "v24: wind-down narration kept beside the plain one",
                                                     "v25: stories held for a grown-up's yes; a cast member's sensitivities",
                                                     "v26: the family's votes on what happens next",
                                                     "v27: a gentler remake remembered with its story",
                                                     "v28: a cast member's drawing"])
        #expect(await database.ping())
    }

    @Test("v20: cast members and stories kept before pronouns read back with none (“use the name”)")
    func castPronounsMigration() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v19: who a story is for (children or the family)")
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO family (platform, external_id, created_at) VALUES (?, ?, ?)",
                           arguments: [Fixtures.family.platform.rawValue, Fixtures.family.externalID, clock.now()])
            let familyID = db.lastInsertedRowID
            try db.execute(sql: """
                INSERT INTO cast_member (family_id, name_key, name, kind, age, look, created_by, created_at)
                VALUES (?, 'leo', 'Leo', 'child', 5, 'a red jumper', 'u-mia', ?)
                """, arguments: [familyID, clock.now()])
        }
        let database = try AppDatabase(queue)
        let cast = try await SQLiteCastStore(database: database, clock: clock).cast(of: Fixtures.family)
        #expect(cast.map(\.name) == ["Leo"] && cast.first?.pronouns == nil)
        let story = Fixtures.story(id: "after", at: clock.now())
        _ = try await SQLiteStoryRepository(database: database, clock: clock)
            .createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "family"), quota: nil)
        try await queue.write { db in
            #expect(throws: (any Error).self) { try db.execute(sql: "UPDATE cast_member SET pronouns = 'it'") }
            #expect(throws: (any Error).self) { try db.execute(sql: "UPDATE story SET hero_pronouns = 'xe'") }
        }
        #expect(try await SQLiteStoryRepository(database: database, clock: clock).story(story.id)?.request.heroPronouns == nil)
    }

    @Test("v21: a picture kept before has no chat form until one is kept; forms refuse half a copy and go with their picture")
    func chatPicturesMigration() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v20: cast pronouns")
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let picture = Fixtures.picture(7)
        let imageID = ImageID(rawValue: ContentAddress.of(picture.data))
        // Only the picture: today's story rows have columns v20 did not (v23's job.lease_expiries).
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO image (id, content_type, byte_count, width, height, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           arguments: [imageID.rawValue, picture.contentType, picture.data.count, picture.width, picture.height, picture.data, clock.now()])
        }
        let database = try AppDatabase(queue)
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        #expect(try await repository.chatPicture(imageID) == nil, "kept before: no form yet")
        #expect(try await repository.image(imageID)?.data == picture.data)
        try await repository.saveChatForm(.copy(contentType: "image/webp", data: Data([1, 2])), of: imageID)
        #expect(try await repository.chatPicture(imageID)?.data == Data([1, 2]))
        try await queue.write { db in
            #expect(throws: (any Error).self) {
                try db.execute(sql: "INSERT INTO chat_picture (image_id, content_type) VALUES (?, 'image/webp')", arguments: [imageID.rawValue])
            }
            #expect(throws: (any Error).self) {
                try db.execute(sql: "INSERT INTO chat_picture (image_id) VALUES (?)", arguments: [String(repeating: "f", count: 64)])
            }
            try db.execute(sql: "DELETE FROM image WHERE id = ?", arguments: [imageID.rawValue])
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chat_picture") == 0, "deleted with its picture")
        }
    }

    @Test("reopening an existing database keeps its data and migrates nothing twice")
    func reopenKeepsData() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock()
        _ = try await SQLiteStoryRepository(database: try temp.open(), clock: clock)
            .createStory(Fixtures.story(), delivery: DeliveryAddress(platform: "web", channelID: "family"), quota: nil)
        let reopened = try temp.open()
        #expect(try await SQLiteStoryRepository(database: reopened, clock: clock).story(Fixtures.story().id) != nil)
    }

    @Test("page views read on a read-only connection of their own that sees every committed write at once")
    func pageReaderIsItsOwnReadOnlyConnection() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let database = try temp.open()
        #expect(database.pageReader is DatabaseQueue && database.writer is DatabasePool)
        let repository = SQLiteStoryRepository(database: database, clock: ManualWallClock())
        let story = Fixtures.story()
        _ = try await repository.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "family"), quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        #expect(try await repository.pageSnapshot(story.id, page: 2)?.page.imageID == nil)
        let imageID = try await repository.saveIllustration(Fixtures.picture(2), for: story.id, page: 2)
        #expect(try await repository.pageSnapshot(story.id, page: 2)?.page.imageID == imageID)
        #expect(try await repository.image(imageID)?.data == Fixtures.picture(2).data)
        await #expect(throws: (any Error).self) {
            try await database.pageReader.read { db in try db.execute(sql: "DELETE FROM story") }
        }
        // In memory there is one connection: the page reader is the writer.
        let memory = try AppDatabase.inMemory()
        let same = ObjectIdentifier(memory.pageReader as AnyObject) == ObjectIdentifier(memory.writer as AnyObject)
        #expect(same)
    }

    @Test("a file that is not a database is refused with a clear message")
    func refusesGarbageFile() throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: temp.path))
        #expect {
            _ = try temp.open()
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.kind == .notADatabase && error.description.contains("not a SQLite database")
        }
    }

    @Test("a database file in a folder that cannot be created is refused with advice")
    func refusesUnopenablePath() throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        // A regular file where the database's folder should be.
        let blocker = temp.directory.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect {
            _ = try AppDatabase.open(path: blocker.appendingPathComponent("db.sqlite").path)
        } throws: { error in
            (error as? StoreError)?.kind == .cannotOpen
        }
    }

    @Test("schema constraints reject impossible rows")
    func constraintsHold() async throws {
        let database = try AppDatabase.inMemory()
        await #expect(throws: DatabaseError.self) {
            try await database.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, page_count, language, seed, status, created_at)
                    VALUES ('x', 999, 'u', 'n', 't', 'h', 5, 3, 'en', 1, 'queued', '2026-01-01')
                    """)
            }
        }
        await #expect(throws: DatabaseError.self) {
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'f', '2026-01-01')")
                try db.execute(sql: """
                    INSERT INTO story (id, family_id, requester_id, requester_name, theme, hero_name, age, page_count, language, seed, status, created_at)
                    VALUES ('y', 1, 'u', 'n', 't', 'h', 5, 3, 'en', 1, 'bogus', '2026-01-01')
                    """)
            }
        }
    }

    @Test("SHA-256 matches the standard test vectors")
    func sha256Vectors() {
        #expect(ContentAddress.of(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentAddress.of(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentAddress.of(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
