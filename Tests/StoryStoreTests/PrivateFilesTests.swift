import Foundation
import GRDB
import Testing
@testable import StoryStore

/// The database, its -wal and -shm, and backups are readable by the service's user only (0600,
/// new folders 0700), whatever the umask lets new files be (the usual 022 makes them 0644).
@Suite("Private files: the database and backups")
struct PrivateFilesTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ms-private-\(UUID().uuidString)")

    func mode(_ url: URL) -> mode_t? { PrivateFiles.mode(of: url.path) }

    @Test("a new database is 0600 in new 0700 folders, and SQLite's -wal and -shm follow it")
    func database() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("data/inner/stories.sqlite")
        let database = try AppDatabase.open(path: file.path)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'f', '2026-01-01')")
        }
        #expect(mode(file) == 0o600)
        #expect(mode(URL(fileURLWithPath: file.path + "-wal")) == 0o600)
        #expect(mode(URL(fileURLWithPath: file.path + "-shm")) == 0o600)
        #expect(mode(root.appendingPathComponent("data/inner")) == 0o700)
        #expect(mode(root.appendingPathComponent("data")) == 0o700)
    }

    @Test("a backup is 0600 in a new 0700 folder; a restored database is 0600 whatever the backup's mode")
    func backups() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let live = root.appendingPathComponent("live/stories.sqlite")
        _ = try AppDatabase.open(path: live.path)
        let backup = root.appendingPathComponent("backups/nightly/copy.sqlite")
        try DatabaseBackup.copy(databaseAt: live.path, to: backup.path)
        #expect(mode(backup) == 0o600)
        #expect(mode(backup.deletingLastPathComponent()) == 0o700)

        chmod(backup.path, 0o644)
        let target = root.appendingPathComponent("restored/stories.sqlite")
        try DatabaseBackup.restore(backup.path, over: target.path, keepingPreviousAt: target.path + ".before")
        #expect(mode(target) == 0o600)
        #expect(mode(target.deletingLastPathComponent()) == 0o700)
    }

    @Test("a folder that already exists keeps its mode; a file where a folder should be is refused")
    func existing() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = root.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        chmod(shared.path, 0o750)
        try PrivateFiles.makeFolder(shared)
        #expect(mode(shared) == 0o750)
        let blocker = root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: (any Error).self) { try PrivateFiles.makeFolder(blocker) }
    }
}
