import Operations
import Foundation
import Logging
import StoryStore
import StoryStorePostgres

/// `magical-stories migrate`: brings the configured database to this build's schema. On SQLite
/// it takes the service lock first, so it never migrates under a running service: it waits up
/// to `wait` for the service to stop, or says that it runs. On PostgreSQL, migrations take an
/// advisory lock, so services starting together and `migrate` run one after the other.
public enum DatabaseMigrator {
    /// Where the database is and the migrations it has, oldest first.
    public struct Outcome: Sendable, Equatable {
        public var location: String
        public var applied: [String]
    }

    public static func migrate(_ config: AppConfig, logger: Logger, wait: Duration = .zero,
                               waiting: (String) -> Void = { _ in }) async throws -> Outcome {
        if let url = config.databaseURL {
            let database = try await PostgresDatabase.connect(to: url, logger: logger, waitingUpTo: .seconds(config.databaseConnectWaitSeconds),
                                                              maximumConnections: 1)
            let applied = try await database.appliedMigrations()
            await database.close()
            return Outcome(location: "PostgreSQL \(url)", applied: applied)
        }
        let lock = try await ServiceLock.acquire(forDatabase: config.databasePath, waitingUpTo: wait) { error in
            waiting("\(error) Waiting up to \(wait.components.seconds) s for it to stop…")
        }
        defer { lock.release() }
        let database = try AppDatabase.open(path: config.databasePath)
        return Outcome(location: "SQLite \(config.databasePath)", applied: try database.appliedMigrations())
    }
}
