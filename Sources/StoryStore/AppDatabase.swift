import Foundation
import GRDB

/// The SQLite database: owns the connection pool and the append-only schema migrations.
/// Open it once in the composition root and hand it to the repositories.
public struct AppDatabase: Sendable {
    /// The GRDB writer (a `DatabasePool` in WAL mode for files, a queue in memory).
    public let writer: any DatabaseWriter
    /// A read-only connection of its own for page views: the page and picture read behind every
    /// page turn. The pool's four readers serve the acknowledgement checks, commands and story
    /// work; in a burst of commands a page turn waited for one of them, and on this connection
    /// it does not (measured: docs/benchmarks.md#the-page-reader-connection). The writer itself
    /// for in-memory databases and unless given one.
    public let pageReader: any DatabaseReader

    /// Wraps an open connection and migrates it to the newest schema.
    public init(_ writer: any DatabaseWriter, pageReader: (any DatabaseReader)? = nil) throws(StoreError) {
        self.writer = writer
        self.pageReader = pageReader ?? writer
        do {
            try Self.migrator.migrate(writer)
        } catch {
            throw StoreError(error, path: writer.path)
        }
    }

    private init(migrated writer: any DatabaseWriter, pageReader: any DatabaseReader) {
        self.writer = writer
        self.pageReader = pageReader
    }

    /// Opens (creating if needed) the database file at `path`, with WAL and foreign keys. A new
    /// file is 0600 and a new folder 0700 whatever the umask; SQLite gives the -wal and -shm
    /// files the database file's mode.
    public static func open(path: String) throws(StoreError) -> AppDatabase {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try PrivateFiles.makeFolder(URL(fileURLWithPath: directory))
        } catch {
            throw StoreError(kind: .cannotOpen, path: path, detail: "cannot create folder \(directory)")
        }
        do {
            try PrivateFiles.create(path)
        } catch {
            throw StoreError(kind: .cannotOpen, path: path, detail: "cannot create the file: \(error)")
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        // Each connection caches at most 1 MiB of pages: pictures are large BLOBs read once per
        // page view, and SQLite's default (2 MiB per connection, six connections) mostly held them.
        configuration.maximumReaderCount = 4
        configuration.prepareDatabase { db in
            // Fail fast on a file that is not a database, rather than on the first query. Reading
            // the schema checks the header in constant time (`quick_check` would read every page
            // of a database full of pictures, on every new connection).
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
            try db.execute(sql: "PRAGMA cache_size = -1024")
        }
        do {
            let database = try AppDatabase(DatabasePool(path: path, configuration: configuration))
            // Opened once the file is migrated; in WAL mode it reads alongside the writer. Its
            // cache is small: the pictures it reads are kept, decoded, in the renderer's cache.
            var readOnly = configuration
            readOnly.readonly = true
            readOnly.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -256") }
            return AppDatabase(migrated: database.writer, pageReader: try DatabaseQueue(path: path, configuration: readOnly))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// A private in-memory database, for tools and tests.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(DatabaseQueue())
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(error, path: ":memory:")
        }
    }

    /// Migrations are append-only: never edit one that has shipped; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: families, stories, pages, images, jobs, chat") { db in
            try db.execute(sql: Schema.v1)
        }
        migrator.registerMigration("v2: bot state") { db in
            try db.execute(sql: Schema.v2)
        }
        migrator.registerMigration("v3: usage ledger, delivery marks") { db in
            try db.execute(sql: Schema.v3)
        }
        migrator.registerMigration("v4: plans, audit, settings, collections, achievements") { db in
            try db.execute(sql: Schema.v4)
        }
        migrator.registerMigration("v5: quota ledger") { db in
            try db.execute(sql: Schema.v5)
        }
        migrator.registerMigration("v6: a story the bedtime screen refused keeps its quota use") { db in
            try db.execute(sql: Schema.v6)
        }
        migrator.registerMigration("v7: request keys, acknowledgement receipts") { db in
            try db.execute(sql: Schema.deliveryReceipts)
        }
        migrator.registerMigration("v8: web chat rooms, members, invites, sessions") { db in
            try db.execute(sql: Schema.webRooms)
        }
        migrator.registerMigration("v9: model calls, refused requests, collection remakes, queue turns by family") { db in
            try db.execute(sql: Schema.modelSpend)
        }
        migrator.registerMigration("v11: interaction tokens forgotten when finished") { db in
            try db.execute(sql: Schema.forgottenTokens)
        }
        migrator.registerMigration("v12: job leases") { db in
            try db.execute(sql: Schema.jobLeases)
        }
        migrator.registerMigration("v13: narration audio, kept with its story") { db in
            try db.execute(sql: Schema.narration)
        }
        migrator.registerMigration("v14: the family's cast") { db in
            try db.execute(sql: Schema.cast)
        }
        migrator.registerMigration("v15: story chapters") { db in
            try db.execute(sql: Schema.chapters)
        }
        // PostgreSQL's v16 adds a table of identify turns shared by several processes; one
        // process on SQLite takes its turns in memory, so nothing changes here (same names in
        // the same order on both stores).
        migrator.registerMigration("v16: identify turns and REST requests shared by the bot's processes") { _ in }
        migrator.registerMigration("v17: a web chat member is welcomed once") { db in
            try db.execute(sql: Schema.welcome)
        }
        migrator.registerMigration("v18: built-in stories counted apart") { db in
            try db.execute(sql: Schema.quotaPools)
        }
        migrator.registerMigration("v19: who a story is for (children or the family)") { db in
            try db.execute(sql: Schema.storyAudience)
        }
        migrator.registerMigration("v20: cast pronouns") { db in
            try db.execute(sql: Schema.castPronouns)
        }
        migrator.registerMigration("v21: pictures kept as chats are sent them") { db in
            try db.execute(sql: Schema.chatPictures)
        }
        migrator.registerMigration("v22: bedtime schedules and their evenings") { db in
            try db.execute(sql: Schema.bedtime)
        }
        migrator.registerMigration("v23: lease expiries counted apart from attempts") { db in
            try db.execute(sql: Schema.leaseExpiries)
        }
        migrator.registerMigration("v24: wind-down narration kept beside the plain one") { db in
            try db.execute(sql: Schema.windDownNarration)
        }
        migrator.registerMigration("v25: stories held for a grown-up's yes; a cast member's sensitivities") { db in
            try db.execute(sql: Schema.approval)
        }
        migrator.registerMigration("v26: the family's votes on what happens next") { db in
            try db.execute(sql: Schema.votes)
        }
        return migrator
    }

    /// The applied migration identifiers, oldest first.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator.appliedMigrations(db) }
    }
}

extension AppDatabase {
    /// True when the database answers a trivial query (for health checks).
    public func ping() async -> Bool {
        (try? await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
    }
}
