import Foundation
import Logging
import StoryStore
import StoryStorePostgres

/// `magical-stories copy-to postgres://…`: copies a SQLite install, every table, into
/// PostgreSQL. It reads one snapshot of the SQLite database (the service may keep running; what
/// it writes afterwards is not copied), skips rows PostgreSQL already holds (safe to run twice),
/// and checks every picture's SHA-256 against its content address once copied.
public struct PostgresCopy: Sendable {
    /// What one table's copy did.
    public struct TableCount: Sendable, Equatable {
        public var table: String
        /// Rows in SQLite.
        public var source: Int
        /// Rows new to PostgreSQL (0 on a second run).
        public var copied: Int
        /// Rows PostgreSQL holds afterwards.
        public var target: Int

        public init(table: String, source: Int, copied: Int, target: Int) {
            self.table = table
            self.source = source
            self.copied = copied
            self.target = target
        }
    }

    /// The copy's outcome.
    public struct Report: Sendable, Equatable {
        public var tables: [TableCount] = []
        /// Pictures whose bytes in PostgreSQL hash to their id.
        public var picturesChecked = 0

        /// One line per table, and the pictures' check.
        public var description: String {
            var lines = ["table                   sqlite    copied  postgres"]
            for count in tables {
                lines.append(count.table.padding(toLength: 20, withPad: " ", startingAt: 0)
                             + String(format: "%10d%10d%10d", count.source, count.copied, count.target))
            }
            lines.append("✓ \(picturesChecked) pictures checked: every one's SHA-256 matches its address.")
            return lines.joined(separator: "\n")
        }
    }

    /// Why a copy stopped.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Rows read from SQLite and written to PostgreSQL at a time (pictures: fewer).
    static let batchRows = 500
    static let pictureBatchRows = 20

    private let source: AppDatabase
    private let target: PostgresDatabase

    public init(from source: AppDatabase, to target: PostgresDatabase) {
        self.source = source
        self.target = target
    }

    /// Opens the SQLite database at `databasePath` and the PostgreSQL database at `url` (waiting
    /// up to ten seconds for it), copies every table into it, checks the pictures and closes it.
    /// - Parameter announce: told what is copied where, once both are open.
    public static func copy(databasePath: String, to url: PostgresURL, logger: Logger,
                            announce: @Sendable (String) -> Void = { _ in }) async throws -> Report {
        let source = try AppDatabase.open(path: databasePath)
        let database = try await PostgresDatabase.connect(to: url, logger: logger, waitingUpTo: .seconds(10), maximumConnections: 2)
        announce("Copying SQLite \(databasePath) into PostgreSQL \(url)…")
        do {
            let report = try await PostgresCopy(from: source, to: database).run()
            await database.close()
            return report
        } catch {
            await database.close()
            throw error
        }
    }

    /// Copies every table, then checks the pictures.
    /// - Parameter progress: told each table's counts as it finishes.
    public func run(progress: @Sendable (TableCount) -> Void = { _ in }) async throws -> Report {
        let snapshot = try DatabaseExport(source)
        let tables = try await snapshot.tables()
        let unknown = Set(tables).subtracting(PostgresDatabase.copyOrder)
        guard unknown.isEmpty else {
            throw Failure(description: "This build cannot copy the SQLite table(s) \(unknown.sorted().joined(separator: ", ")): "
                + "the PostgreSQL schema has no counterpart yet. Nothing was changed.")
        }
        var report = Report()
        for table in PostgresDatabase.copyOrder where tables.contains(table) {
            let count = try await copy(table, from: snapshot)
            report.tables.append(count)
            progress(count)
        }
        try await target.resetIdentities()
        report.picturesChecked = try await checkPictures(from: snapshot)
        return report
    }

    private func copy(_ table: String, from snapshot: DatabaseExport) async throws -> TableCount {
        let columns = try await target.columns(of: table)
        let sourceColumns = try await snapshot.columns(of: table)
        let missing = columns.map(\.name).filter { !sourceColumns.contains($0) }
        let extra = sourceColumns.subtracting(columns.map(\.name))
        guard extra.isEmpty else {
            throw Failure(description: "SQLite's \(table) has column(s) \(extra.sorted().joined(separator: ", ")) that PostgreSQL lacks; "
                + "nothing more was copied.")
        }
        // A table SQLite keys by its rowid alone (collection_remake) has it as `id` here, so that
        // a second copy skips the rows the first made.
        let rowidAsID = missing.contains("id")
        let selected = columns.filter { !missing.contains($0.name) || ($0.name == "id" && rowidAsID) }.map { column in
            DatabaseExport.Column(name: column.name, kind: column.kind, rowidAsID: column.name == "id" && rowidAsID)
        }
        let names = selected.map(\.name)
        let limit = ["image", "chat_picture", "audio"].contains(table) ? Self.pictureBatchRows : Self.batchRows
        var after: Int64 = .min
        var count = TableCount(table: table, source: 0, copied: 0, target: 0)
        while true {
            let batch: (rows: [[SQLValue]], last: Int64?)
            do {
                batch = try await snapshot.rows(of: table, columns: selected, after: after, limit: limit)
            } catch let mismatch as DatabaseExport.Mismatch {
                throw Failure(description: mismatch.description)
            }
            guard let last = batch.last else { break }
            count.source += batch.rows.count
            count.copied += try await target.copyRows(into: table, columns: names, rows: batch.rows)
            after = last
        }
        count.target = try await target.count(table)
        return count
    }

    /// Every SQLite picture, checked in PostgreSQL: present, and its bytes hash to its id.
    private func checkPictures(from snapshot: DatabaseExport) async throws -> Int {
        let ids = try await snapshot.pictureIDs()
        var checked = 0
        var bad: [String] = []
        var start = 0
        while start < ids.count {
            let batch = Array(ids[start..<min(ids.count, start + 1_000)])
            let good = try await target.picturesMatchingChecksum(batch)
            bad += batch.filter { !good.contains($0) }
            checked += good.count
            start += batch.count
        }
        guard bad.isEmpty else {
            throw Failure(description: "\(bad.count) picture(s) are missing in PostgreSQL or their bytes do not match their SHA-256 "
                + "(\(bad.prefix(5).joined(separator: ", "))\(bad.count > 5 ? ", …" : "")). Check the SQLite file "
                + "(magical-stories backup verifies it) and run copy-to again.")
        }
        return checked
    }
}
