import Foundation
import StoryStore

/// Backups as an admin uses them: `magical-stories backup` while the service runs, `restore`
/// once it is stopped, and the scheduled backups that keep the newest few.
public enum BackupTool {
    /// What `restore` did.
    public struct Restored: Sendable, Equatable {
        /// What the restored database holds.
        public var summary: BackupSummary
        /// Where the database it replaced was moved (nil: there was none).
        public var previous: String?
    }

    /// Copies the database at `databasePath` to `file` while the service may be running, and
    /// checks the copy.
    @discardableResult
    public static func backup(databasePath: String, to file: String) throws(BackupError) -> BackupSummary {
        try DatabaseBackup.copy(databaseAt: databasePath, to: file)
    }

    /// A backup named by its time in `directory`, then all but the newest `keep` such backups
    /// deleted (other files in the folder are never touched).
    public static func backup(databasePath: String, into directory: String, keep: Int,
                              now: Date = Date()) throws(BackupError) -> (summary: BackupSummary, removed: [String]) {
        let file = URL(fileURLWithPath: directory).appendingPathComponent(fileName(at: now)).path
        let summary = try DatabaseBackup.copy(databaseAt: databasePath, to: file)
        return (summary, prune(directory, keep: keep))
    }

    /// Puts the backup `file` in place of the database at `databasePath`, once the file checks
    /// out and no service holds the database; the replaced database is kept beside it as
    /// `<database>.before-restore-<time>`. The restored database is then upgraded to this
    /// version's schema.
    /// - Throws: ``BackupError`` for a file that is not a good backup of this service,
    ///   ``ServiceLockError`` while the service runs, `StoreError` if the upgrade fails.
    @discardableResult
    public static func restore(_ file: String, databasePath: String, now: Date = Date()) throws -> Restored {
        _ = try DatabaseBackup.inspect(file)
        let lock = try ServiceLock.acquire(forDatabase: databasePath)
        defer { lock.release() }
        let existed = FileManager.default.fileExists(atPath: databasePath)
        let previous = databasePath + ".before-restore-" + stamp(now)
        var summary = try DatabaseBackup.restore(file, over: databasePath, keepingPreviousAt: previous)
        let upgraded = try AppDatabase.open(path: databasePath)
        summary.migrations = try upgraded.appliedMigrations().count
        return Restored(summary: summary, previous: existed ? previous : nil)
    }

    /// SQLite's integrity check of the database at `databasePath` (read-only; safe while the
    /// service runs).
    public static func check(databasePath: String) throws(StoreError) -> DatabaseIntegrity.Report {
        try DatabaseIntegrity.check(path: databasePath)
    }

    /// What a backup holds, in a few words: `12 stories, 40 pictures, 3 MB`.
    public static func describe(_ summary: BackupSummary) -> String {
        "\(summary.stories) stories, \(summary.pictures) pictures, "
            + ByteCountFormatter.string(fromByteCount: summary.bytes, countStyle: .file)
    }

    /// `magical-stories-20260314-031500Z.sqlite`: names sort by time.
    static func fileName(at date: Date) -> String {
        "magical-stories-\(stamp(date)).sqlite"
    }

    static func stamp(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }

    /// Scheduled backups in `directory`, oldest first.
    static func scheduledBackups(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("magical-stories-") && $0.hasSuffix("Z.sqlite") }.sorted()
            .map { URL(fileURLWithPath: directory).appendingPathComponent($0).path }
    }

    /// Deletes all but the newest `keep` scheduled backups; returns the deleted paths.
    static func prune(_ directory: String, keep: Int) -> [String] {
        let backups = scheduledBackups(in: directory)
        let old = backups.dropLast(max(1, keep))
        return old.filter { (try? FileManager.default.removeItem(atPath: $0)) != nil }
    }

    /// When the newest scheduled backup in `directory` was made (from its file's time).
    static func newestBackupDate(in directory: String) -> Date? {
        scheduledBackups(in: directory).last.flatMap {
            try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date
        }
    }
}
