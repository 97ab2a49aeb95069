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

    /// Migrations are append-only: never edit one that has shipped. The shared ones
    /// (``StoreSchema/migrations``, the same names as PostgreSQL's), then those still written in
    /// the old style. PostgreSQL's v16 adds tables shared by several processes: nothing here.
    static let migrations: [(name: String, sql: String?)] = StoreSchema.migrations.map { ($0.name, $0.sqliteScript) } + [
        ("v27: a gentler remake remembered with its story", Schema.storyGentle),
        ("v28: a cast member's drawing", Schema.castDrawings),
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (name, sql) in migrations {
            migrator.registerMigration(name) { db in if let sql { try db.execute(sql: sql) } }
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

    /// Bytes on disk: the database file and its write-ahead log (0 in memory).
    public func bytesOnDisk() -> Int64 {
        let path = writer.path
        guard path != ":memory:", !path.isEmpty else { return 0 }
        return [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}
