import Foundation
import GRDB

/// SQLite's full integrity check of a database file, read-only: every page, index and
/// constraint. It reads the whole file, so it takes as long as reading it; it changes nothing
/// and may run while the service does.
public enum DatabaseIntegrity {
    /// What the check found.
    public struct Report: Sendable, Equatable {
        /// SQLite's findings (at most ``maxProblems``); empty when the database is sound.
        public var problems: [String]
        public var isSound: Bool { problems.isEmpty }
    }

    /// The most findings reported.
    public static let maxProblems = 20

    /// Runs `PRAGMA integrity_check` and the foreign key check on the file at `path`.
    /// - Throws: ``StoreError`` when the file is missing or cannot be opened at all.
    public static func check(path: String) throws(StoreError) -> Report {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError(kind: .cannotOpen, path: path, detail: "no such file")
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? database.close() }
            return try database.read { db in
                var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check(\(maxProblems))").filter { $0 != "ok" }
                if problems.isEmpty {
                    let orphans = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").prefix(maxProblems)
                    problems += orphans.map { "a row of \($0[0] as String? ?? "?") points to a missing row of \($0[2] as String? ?? "?")" }
                }
                return Report(problems: problems)
            }
        } catch let error as DatabaseError where DatabaseDamageMonitor.isDamage(error.resultCode) {
            return Report(problems: [error.message ?? "\(error.resultCode)"])
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
