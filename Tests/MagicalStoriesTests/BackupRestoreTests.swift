import Foundation
import GRDB
import MagicalStories
import Operations
import StoryDomain
import StoryProviders
import StoryStore
import Testing
import WebChat

/// `magical-stories backup` and `restore` against the real service and its database files.
@Suite("Backups: made while stories are written, restored whole, bad files refused", .serialized)
struct BackupRestoreTests {
    /// What a database holds, as rows: stories with their status, pages with their picture, pictures with their bytes.
    struct Contents {
        var stories: [String: String] = [:]
        var pages: [String: String?] = [:]
        var pictures: [String: Data] = [:]

        static func read(_ reader: any DatabaseReader) throws -> Contents {
            try reader.read { db in
                var contents = Contents()
                for row in try Row.fetchAll(db, sql: "SELECT id, status FROM story") { contents.stories[row["id"]] = row["status"] }
                for row in try Row.fetchAll(db, sql: "SELECT story_id, number, image_id FROM page") {
                    contents.pages["\(row["story_id"] as String)#\(row["number"] as Int)"] = row["image_id"] as String?
                }
                for row in try Row.fetchAll(db, sql: "SELECT id, data FROM image") { contents.pictures[row["id"]] = row["data"] }
                return contents
            }
        }

        static func read(file: String) throws -> Contents {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: file, configuration: configuration)
            defer { try? queue.close() }
            return try read(queue)
        }

        /// Everything in `earlier` is here, the same: stories (ready ones still ready), pages with
        /// the same picture once they had one, pictures byte for byte; every picture a page names is here.
        func holdsEverything(of earlier: Contents) -> [String] {
            var missing: [String] = []
            for (id, status) in earlier.stories {
                guard let now = stories[id] else { missing.append("story \(id)"); continue }
                if status == "ready", now != "ready" { missing.append("story \(id) is \(now)") }
            }
            for (page, picture) in earlier.pages {
                guard let now = pages[page] else { missing.append("page \(page)"); continue }
                if let picture, now != picture { missing.append("picture of page \(page)") }
            }
            for (id, data) in earlier.pictures where pictures[id] != data { missing.append("picture \(id)") }
            for (page, picture) in pages { if let picture, pictures[picture] == nil { missing.append("picture \(picture) of \(page)") } }
            return missing
        }
    }

    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ms-\(name)-\(UUID().uuidString)")
    }

    @Test("backups taken while stories are written restore to databases with every story and picture saved before each began")
    func backupWhileWriting() async throws {
        let illustrator = GatedIllustrator(holding: [3])
        let app = try await TestApp.start(illustrator: illustrator) { config in
            config.storiesPerDay = 100
            config.workers = 2
        }
        let backups = Self.temporary("backups")
        defer {
            app.removeFiles()
            try? FileManager.default.removeItem(at: backups)
        }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        for theme in ["owls", "boats", "clouds", "snails", "kites", "moons"] {
            try await anna.say("/story new theme:\(theme) name:Mia age:5 pages:4")
        }
        // Two stories are made at once; both wait for their page 3, with pages 1 and 2 saved.
        try await waitFor(timeout: .seconds(20)) { illustrator.hasStarted(page: 3) ? true : nil }

        let family = FamilyRef(platform: "web", externalID: "family")
        let live = app.app.database!.writer
        var checked: [(ready: Int, stories: Int)] = []
        var index = 0
        /// Backs up and restores into a fresh folder; everything saved before the backup began must be there.
        func backUpAndCheck() throws {
            index += 1
            let before = try Contents.read(live)
            let file = backups.appendingPathComponent("backup-\(index).sqlite").path
            let summary = try BackupTool.backup(databasePath: app.app.config.databasePath, to: file)
            #expect(summary.stories >= before.stories.count && summary.pictures >= before.pictures.count)
            let target = backups.appendingPathComponent("restored-\(index)/stories.sqlite").path
            let restored = try BackupTool.restore(file, databasePath: target)
            #expect(restored.previous == nil)
            let after = try Contents.read(file: target)
            #expect(after.holdsEverything(of: before) == [], "backup \(index)")
            #expect(after.pictures.values.allSatisfy { PNGInspector.inspect($0) != nil })
            checked.append((after.stories.values.filter { $0 == "ready" }.count, after.stories.count))
        }

        try backUpAndCheck()   // stories half made, more queued
        illustrator.release(page: 3)
        // Back up again and again while the rest are written and painted.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            try backUpAndCheck()
            let library = try await app.app.stories.library(of: family, offset: 0, limit: 10)
            if library.total == 6, library.items.allSatisfy({ $0.status == .ready }) { break }
        }
        try backUpAndCheck()   // the finished library
        #expect(checked.first.map { $0.ready < 6 } == true, "the first backup was taken mid-way")
        #expect(checked.last.map { $0 == (6, 6) } == true, "the last holds all six stories, ready")
        #expect(checked.count >= 3)

        // Restore the last backup in place of the live database (service stopped), start again, read every page.
        let last = backups.appendingPathComponent("backup-\(index).sqlite").path
        let expected = try Contents.read(live)
        await anna.close()
        await app.stop()
        let restored = try BackupTool.restore(last, databasePath: app.app.config.databasePath)
        #expect(restored.summary.stories == 6)
        #expect(restored.previous.map { FileManager.default.fileExists(atPath: $0) } == true, "the replaced database is kept")
        let again = try await TestApp.start(directory: app.directory)
        #expect(try Contents.read(again.app.database!.writer).holdsEverything(of: expected) == [])
        let library = try await again.app.stories.library(of: family, offset: 0, limit: 10)
        #expect(library.total == 6)
        for story in library.items {
            for number in 1...4 {
                let page = try #require(try await again.app.stories.page(story.id, number: number, family: family))
                let pictureID = try #require(page.page.imageID)
                let picture = try #require(try await again.app.stories.image(pictureID))
                #expect(PNGInspector.inspect(picture.data) != nil)
            }
        }
        await again.stop()
    }

    @Test("restore refuses what is not a whole backup of this service, and leaves the database as it was")
    func restoreRefusals() async throws {
        let folder = Self.temporary("refusals")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("live/stories.sqlite").path
        let app = try await TestApp.start(directory: folder.appendingPathComponent("live"))
        let good = folder.appendingPathComponent("good.sqlite").path
        try BackupTool.backup(databasePath: database, to: good)

        // While the service runs: refused, naming the process.
        #expect(throws: ServiceLockError.held(path: database + ".lock", pid: Int(getpid()))) {
            try BackupTool.restore(good, databasePath: database)
        }
        await app.stop()

        let text = folder.appendingPathComponent("notes.txt").path
        try Data("a shopping list, not a database\n".utf8).write(to: URL(fileURLWithPath: text))
        let other = folder.appendingPathComponent("other.sqlite").path
        try await DatabaseQueue(path: other).write { db in try db.execute(sql: "CREATE TABLE recipe (name TEXT)") }
        let truncated = folder.appendingPathComponent("truncated.sqlite").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let future = folder.appendingPathComponent("future.sqlite").path
        try FileManager.default.copyItem(atPath: good, toPath: future)
        try await DatabaseQueue(path: future).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from a newer version')")
        }
        let missing = folder.appendingPathComponent("nowhere.sqlite").path

        let cases: [(String, BackupError)] = [
            (missing, .missing(path: missing)),
            (text, .notADatabase(path: text)),
            (other, .notOurs(path: other)),
            (future, .newerVersion(path: future, migration: "v99: from a newer version")),
        ]
        for (file, refusal) in cases {
            #expect(throws: refusal) { try BackupTool.restore(file, databasePath: database) }
        }
        #expect(throws: BackupError.self) { try BackupTool.restore(truncated, databasePath: database) }
        do {
            _ = try BackupTool.restore(truncated, databasePath: database)
        } catch let error as BackupError {
            guard case .damaged = error else { Issue.record("a truncated backup is damaged, not \(error)"); return }
            #expect(error.description.contains("is damaged"))
        }
        #expect(BackupError.notADatabase(path: text).description.contains("not a Magical Stories backup"))
        #expect(BackupError.notOurs(path: other).description.contains("not a Magical Stories backup"))

        // Nothing was replaced or moved aside.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("live").path)
        #expect(!leftovers.contains { $0.contains("before-restore") || $0.hasSuffix(".restoring") })
        #expect(try DatabaseBackup.inspect(database).migrations > 0)
    }

    @Test("backup refuses to overwrite a file, and to copy what is not this service's database")
    func backupRefusals() async throws {
        let folder = Self.temporary("backup-refusals")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("stories.sqlite").path
        _ = try AppDatabase.open(path: database)
        let existing = folder.appendingPathComponent("taken.sqlite").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        #expect(throws: BackupError.destinationExists(path: existing)) { try BackupTool.backup(databasePath: database, to: existing) }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        let nowhere = folder.appendingPathComponent("nowhere.sqlite").path
        let out = folder.appendingPathComponent("out.sqlite").path
        #expect(throws: BackupError.missing(path: nowhere)) { try BackupTool.backup(databasePath: nowhere, to: out) }
        #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: out + ".partial"))
    }

    @Test("scheduled backups: one per interval into BACKUP_DIR, only the newest BACKUP_KEEP kept, other files untouched")
    func scheduledBackups() async throws {
        let directory = Self.temporary("scheduled")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let unrelated = directory.appendingPathComponent("README.txt")
        try Data("mine".utf8).write(to: unrelated)
        let app = try await TestApp.start { config in
            config.operations.backupDirectory = directory.path
            config.operations.backupInterval = .seconds(1)
            config.operations.backupKeep = 2
        }
        let port = try #require(await app.app.operationsPort())
        try await pollUntil(timeout: .seconds(20)) {
            let metrics = try await OperationsEndpointTests.scrape(port)
            return (metrics.value(ServiceMetrics.Name.backups, ["outcome": "ok"]) ?? 0) >= 3
        }
        await app.stop()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let backups = files.filter { $0.hasPrefix("magical-stories-") }
        #expect(backups.count == 2, "\(files)")
        #expect(files.contains("README.txt"))
        for backup in backups {
            #expect(try DatabaseBackup.inspect(directory.appendingPathComponent(backup).path).migrations > 0)
        }
        app.removeFiles()
    }
}
