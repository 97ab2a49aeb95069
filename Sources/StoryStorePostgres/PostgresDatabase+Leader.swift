import ConcurrencyKit
import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase {
    /// Runs `body` on one process at a time among all those sharing the database: the one that
    /// holds the session-level advisory lock named `task`, on a connection of its own. The
    /// others try again every `retry`. When the leader's connection breaks or its process dies,
    /// the server releases the lock and another process takes over within `retry`. `body` is
    /// cancelled when leadership is lost, and should run until cancelled.
    ///
    /// A leader that stops answering without its connection breaking (its process paused, a
    /// frozen machine) would keep the lock for good: the server ends the lock's session once it is
    /// idle for ``leaderCutOff(retry:)`` (the leader checks it every `retry` while it runs), so
    /// another process leads within that plus `retry` (PostgreSQL 14 and later).
    /// - Parameter leading: told each time this process becomes the leader.
    public func asLeader(of task: String, retry: Duration = .seconds(5), leading: @escaping @Sendable () -> Void = {},
                         _ body: @escaping @Sendable () async -> Void) async {
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            var opened: PostgresConnection?
            do {
                let (connection, held) = try await tryLeading(task, id: attempt, cutOff: Self.leaderCutOff(retry: retry))
                opened = connection
                if held {
                    leading()
                    logger.info("this process runs the task for every process", metadata: ["task": "\(task)"])
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await body() }
                        // The lock lives as long as the connection: a broken one ends the lead. A
                        // query on a connection the server ended can wait forever (postgres-nio),
                        // so an answer that does not come in time counts as a broken connection.
                        group.addTask { [logger] in
                            while !Task.isCancelled {
                                try? await Task.sleep(for: retry)
                                guard !Task.isCancelled else { return }
                                let answered = try? await Deadline.answer(within: max(retry, .seconds(2))) {
                                    try await Detached.run(whenAbandoned: .leftRunning) { (try? await connection.query("SELECT 1", logger: logger).collect()) != nil }
                                }
                                guard answered == true else {
                                    if !Task.isCancelled {
                                        logger.warning("lost the connection that holds the task's lock; stopping the task here",
                                                       metadata: ["task": "\(task)"])
                                    }
                                    return
                                }
                            }
                        }
                        await group.next()
                        group.cancelAll()
                    }
                }
            } catch {
                if !Task.isCancelled {
                    logger.warning("cannot take part in choosing the process for a task; trying again",
                                   metadata: ["task": "\(task)", "reason": "\(PostgresStoreError.serverMessage(error))"])
                }
            }
            // Closing the connection releases the lock (if it was held); a connection the server
            // ended may never finish closing, so it is not waited for long.
            if let opened {
                _ = try? await Deadline.answer(within: .seconds(2)) {
                    try await Detached.run(whenAbandoned: .leftRunning) { try? await opened.close() }
                }
            }
            guard !Task.isCancelled else { return }
            try? await Task.sleep(for: retry)
        }
    }

    /// How long a leader's lock connection may stay idle before the server ends it, releasing the
    /// lock: three checks missed (15 s for the default 5 s), and never under 2 s.
    public static func leaderCutOff(retry: Duration) -> Duration { max(retry * 3, .seconds(2)) }

    /// Opens a connection of its own and tries for the advisory lock named `task` on it; a
    /// connection holding it is ended by the server once idle for `cutOff`. The caller closes the
    /// connection (which releases the lock).
    public func tryLeading(_ task: String, id: Int = 0, cutOff: Duration) async throws -> (connection: PostgresConnection, held: Bool) {
        let connection = try await PostgresConnection.connect(configuration: try Self.connectionConfiguration(url), id: id, logger: logger)
        do {
            let milliseconds = String(cutOff.components.seconds * 1_000 + cutOff.components.attoseconds / 1_000_000_000_000_000)
            _ = try await connection.query("""
                SELECT set_config('idle_session_timeout', \(milliseconds), false) WHERE current_setting('server_version_num')::int >= 140000
                """, logger: logger).collect()
            let held = try await connection.query("SELECT pg_try_advisory_lock(hashtextextended(\(task), 0))", logger: logger)
                .collect().first?.decode(Bool.self) ?? false
            return (connection, held)
        } catch {
            _ = try? await Deadline.answer(within: .seconds(2)) {
                try await Detached.run(whenAbandoned: .leftRunning) { try? await connection.close() }
            }
            throw error
        }
    }
}
