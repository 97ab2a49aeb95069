import Foundation
import GRDB

/// Backups of the service's database: a consistent copy made while the service runs, checked
/// before it is trusted, and put back in place of the live file when the service is stopped.
///
/// A copy is taken with SQLite's online backup inside one read transaction, so it holds exactly
/// what was committed when it began, whatever is written meanwhile. It is written beside its
/// destination first and renamed only once it opens, passes SQLite's checks and holds this
/// service's schema.
public enum DatabaseBackup {
    /// Copies the database at `source` into a new file at `destination` and checks the copy.
    /// - Throws: ``BackupError`` when the source is missing or unreadable, the destination
    ///   exists, or the copy does not check out (nothing is left at `destination` then).
    @discardableResult
    public static func copy(databaseAt source: String, to destination: String) throws(BackupError) -> BackupSummary {
        guard FileManager.default.fileExists(atPath: source) else { throw .missing(path: source) }
        guard !FileManager.default.fileExists(atPath: destination) else { throw .destinationExists(path: destination) }
        _ = try inspect(source, role: .live)
        let partial = destination + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            // Only the service's user may read a backup (0600 in a new 0700 folder), whatever the umask.
            try PrivateFiles.makeFolder(URL(fileURLWithPath: destination).deletingLastPathComponent())
            try PrivateFiles.create(partial)
            let live = try openLive(source)
            let copy = try DatabaseQueue(path: partial)
            try live.backup(to: copy)
            // The copy stands alone: one file, no write-ahead log beside it.
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            try live.close()
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw .failed(path: destination, detail: Self.describe(error))
        }
        let summary: BackupSummary
        do {
            summary = try inspect(partial)
            try FileManager.default.moveItem(atPath: partial, toPath: destination)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            if let error = error as? BackupError { throw error.at(destination) }
            throw .failed(path: destination, detail: Self.describe(error))
        }
        var moved = summary
        moved.path = destination
        return moved
    }

    /// Checks that `path` is a whole, undamaged backup of this service's database, and reads
    /// what it holds.
    /// - Throws: ``BackupError`` saying what the file is instead.
    public static func inspect(_ path: String) throws(BackupError) -> BackupSummary {
        try inspect(path, role: .backup)
    }

    /// Puts the backup at `backup` in place of the database at `target`. The service must be
    /// stopped. The database being replaced (with its write-ahead log) is moved to
    /// `previous` first, never deleted; the restored file gets the replaced file's owner.
    /// - Throws: ``BackupError`` when `backup` is not a good backup of this service (the
    ///   database at `target` is left as it was), or when a file could not be moved.
    @discardableResult
    public static func restore(_ backup: String, over target: String, keepingPreviousAt previous: String) throws(BackupError)
        -> BackupSummary {
        var summary = try inspect(backup)
        let files = FileManager.default
        let owner = try? files.attributesOfItem(atPath: target)
        let incoming = target + ".restoring"
        do {
            try? files.removeItem(atPath: incoming)
            try PrivateFiles.makeFolder(URL(fileURLWithPath: target).deletingLastPathComponent())
            try files.copyItem(atPath: backup, toPath: incoming)
            // The restored database is private whatever the backup file's mode was.
            try files.setAttributes([.posixPermissions: NSNumber(value: PrivateFiles.fileMode)], ofItemAtPath: incoming)
            if let owner { try? files.setAttributes(ownership(of: owner), ofItemAtPath: incoming) }
            if files.fileExists(atPath: target) {
                for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: target + suffix) {
                    try files.moveItem(atPath: target + suffix, toPath: previous + suffix)
                }
            }
            try files.moveItem(atPath: incoming, toPath: target)
        } catch {
            try? files.removeItem(atPath: incoming)
            throw .failed(path: target, detail: Self.describe(error))
        }
        summary.path = target
        return summary
    }

    private enum Role { case live, backup }

    private static func inspect(_ path: String, role: Role) throws(BackupError) -> BackupSummary {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, detail: "permission denied") }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        guard header == Data("SQLite format 3\0".utf8) else { throw .notADatabase(path: path) }
        do {
            let database = try role == .live ? openLive(path) : openForReading(path)
            defer { try? database.close() }
            return try database.read { db in try summarize(db, path: path, role: role) }
        } catch let error as BackupError {
            throw error
        } catch {
            throw classify(error, path: path)
        }
    }

    private static func summarize(_ db: Database, path: String, role: Role) throws -> BackupSummary {
        if role == .backup {
            let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard check == ["ok"] else { throw BackupError.damaged(path: path, detail: check.prefix(3).joined(separator: "; ")) }
            let broken = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            guard broken.isEmpty else { throw BackupError.damaged(path: path, detail: "\(broken.count) rows point at missing rows") }
        }
        guard try db.tableExists("grdb_migrations") else { throw BackupError.notOurs(path: path) }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        let known = AppDatabase.migrator.migrations
        guard let first = known.first, applied.contains(first), try db.tableExists("story"), try db.tableExists("image")
        else { throw BackupError.notOurs(path: path) }
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw BackupError.newerVersion(path: path, migration: unknown)
        }
        let stories = try Int.fetchOne(db, sql: "SELECT count(*) FROM story") ?? 0
        let pictures = try Int.fetchOne(db, sql: "SELECT count(*) FROM image") ?? 0
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        return BackupSummary(path: path, stories: stories, pictures: pictures, bytes: bytes, migrations: applied.count)
    }

    /// Opens the service's database to copy it; it is only read, never migrated. Not opened
    /// read-only: a read-only connection to a database in WAL mode cannot remove the `-wal` and
    /// `-shm` files it creates, which would be left behind owned by whoever ran the backup.
    /// As the last connection, this one removes them when it closes.
    private static func openLive(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Opens a backup file for reading only: it is never changed.
    private static func openForReading(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    private static func classify(_ error: any Error, path: String) -> BackupError {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return .notADatabase(path: path)
            case .SQLITE_CORRUPT: return .damaged(path: path, detail: error.message ?? "corrupt")
            default: return .unreadable(path: path, detail: describe(error))
            }
        }
        return .unreadable(path: path, detail: describe(error))
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return (error as NSError).localizedDescription
    }

    private static func ownership(of attributes: [FileAttributeKey: Any]) -> [FileAttributeKey: Any] {
        attributes.filter { $0.key == .ownerAccountID || $0.key == .groupOwnerAccountID }
    }
}

/// What a backup file holds.
public struct BackupSummary: Sendable, Equatable {
    public var path: String
    public var stories: Int
    public var pictures: Int
    public var bytes: Int64
    /// Schema migrations it has (a backup from an older version has fewer; they run at start).
    public var migrations: Int

    public init(path: String, stories: Int, pictures: Int, bytes: Int64, migrations: Int) {
        self.path = path
        self.stories = stories
        self.pictures = pictures
        self.bytes = bytes
        self.migrations = migrations
    }
}

/// Why a backup could not be made or used, said so that an admin knows what to do.
public enum BackupError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(path: String)
    case unreadable(path: String, detail: String)
    case notADatabase(path: String)
    /// A SQLite database, but not this service's.
    case notOurs(path: String)
    /// Made by a newer version of the service (it has a migration this one does not know).
    case newerVersion(path: String, migration: String)
    case damaged(path: String, detail: String)
    case destinationExists(path: String)
    case failed(path: String, detail: String)

    public var description: String {
        switch self {
        case let .missing(path): "There is no file at \(path)."
        case let .unreadable(path, detail): "Cannot read \(path) (\(detail)): check the path and its permissions."
        case let .notADatabase(path): "\(path) is not a Magical Stories backup: it is not a SQLite database at all."
        case let .notOurs(path): "\(path) is a SQLite database, but not a Magical Stories backup (it has none of its stories tables)."
        case let .newerVersion(path, migration):
            "\(path) was made by a newer version of Magical Stories (it has “\(migration)”): upgrade this one first."
        case let .damaged(path, detail): "\(path) is damaged (\(detail)): use another backup."
        case let .destinationExists(path): "\(path) already exists: choose another name or move it away first."
        case let .failed(path, detail): "Could not write \(path): \(detail)."
        }
    }

    /// The same problem, said of another file (a copy's check failing names the copy's final name).
    func at(_ path: String) -> BackupError {
        switch self {
        case .missing: .missing(path: path)
        case let .unreadable(_, detail): .unreadable(path: path, detail: detail)
        case .notADatabase: .notADatabase(path: path)
        case .notOurs: .notOurs(path: path)
        case let .newerVersion(_, migration): .newerVersion(path: path, migration: migration)
        case let .damaged(_, detail): .damaged(path: path, detail: detail)
        case .destinationExists: .destinationExists(path: path)
        case let .failed(_, detail): .failed(path: path, detail: detail)
        }
    }
}
