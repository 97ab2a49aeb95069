import Foundation
import GRDB
import Testing

/// `magical-stories check`, and damage met while serving, with a deliberately damaged file.
@Suite("A damaged database", .serialized)
struct DatabaseDamageTests {
    /// Zeroes the first page of the `job` table and of its index, as a torn write or a bad disk
    /// would: the schema still reads, but any use of the queue meets the damage.
    static func damageJobTable(at path: String) throws {
        let (pages, pageSize) = try DatabaseQueue(path: path).inDatabase { db -> ([Int], Int) in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let pages = try Int.fetchAll(db, sql: "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'job' AND rootpage > 0")
            return (pages, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        #expect(pages.count >= 2)
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? file.close() }
        for page in pages {
            try file.seek(toOffset: UInt64((page - 1) * pageSize))
            try file.write(contentsOf: Data(count: pageSize))
        }
    }

    @Test("`check` says a sound database is sound, and a damaged one damaged with the restore steps; exit 0 and 1")
    func checkCommand() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stories.sqlite").path
        let environment = ["DATABASE_PATH": path, "PATH": "/usr/bin:/bin", "BACKUP_DIR": directory.appendingPathComponent("backups").path]
        let binary = ServiceProcess.binary.path
        #expect(try await ServiceProcess.run(binary, ["migrate"], environment: environment, directory: directory).status == 0)

        let sound = try await ServiceProcess.run(binary, ["check"], environment: environment, directory: directory)
        #expect(sound.status == 0, "\(sound.output)")
        #expect(sound.output.contains("is sound"), "\(sound.output)")

        try Self.damageJobTable(at: path)
        let damaged = try await ServiceProcess.run(binary, ["check"], environment: environment, directory: directory)
        #expect(damaged.status == 1, "\(damaged.output)")
        #expect(damaged.output.contains("is damaged"), "\(damaged.output)")
        #expect(damaged.output.contains("✗"), "SQLite's findings are listed: \(damaged.output)")
        #expect(damaged.output.contains("magical-stories restore"), "\(damaged.output)")
        #expect(damaged.output.contains(directory.appendingPathComponent("backups").path), "the configured backups folder")

        let missing = try await ServiceProcess.run(binary, ["check"], environment: ["DATABASE_PATH": path + ".nothing", "PATH": "/usr/bin:/bin"],
                                             directory: directory)
        #expect(missing.status == 1 && missing.output.contains("no such file"), "\(missing.output)")
    }

    @Test("damage met while serving is logged with the restore steps and fails /ready; /health stays alive")
    func damageWhileServing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-damage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("stories.sqlite").path
        #expect(try await ServiceProcess.run(ServiceProcess.binary.path, ["migrate"], environment: ["DATABASE_PATH": path, "PATH": "/usr/bin:/bin"],
                                       directory: directory).status == 0)
        try Self.damageJobTable(at: path)

        let service = try ServiceProcess(directory: directory, environment: ["WEB_CHAT_ENABLED": "false"])
        defer { service.cleanUp() }
        try await service.waitUntilHealthy()
        try await Eventually.check("/ready reports the damage", timeout: .seconds(30)) {
            let (status, body) = try await service.operations("/ready")
            return status == 503 && body.contains("database: damaged")
        }
        let (_, body) = try await service.operations("/ready")
        #expect(body.contains("magical-stories restore"), "\(body)")
        let log = service.log
        #expect(log.contains("the database is damaged"), "\(log)")
        #expect(log.contains("magical-stories restore"), "\(log)")
        #expect(log.components(separatedBy: "the database is damaged").count == 2, "logged once")
        #expect(try await service.operations("/health").0 == 200, "alive: it answers, so it is not restarted in a loop")
    }
}
