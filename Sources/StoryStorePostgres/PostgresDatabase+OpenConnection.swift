import ConcurrencyKit
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresDatabase {
    /// Runs `statement` on a pooled connection, waiting for its answer only while that
    /// connection is open (``ConnectionCloseWatch/answer(on:_:)``): every statement outside a
    /// transaction goes through here. A connection found closed before the statement reached it
    /// (the server ended the session while this process was frozen) is left to the pool, which
    /// knows by then that it closed, and the statement runs on another connection, up to
    /// ``transactionAttempts`` times in all: it was never sent, so it did nothing.
    func onOpenConnection<Answer: Sendable>(_ statement: @escaping @Sendable (PostgresConnection) async throws -> Answer)
    async throws(PostgresStoreError) -> Answer {
        var attempt = 1
        while true {
            do {
                return try await client.withConnection { [closeWatch] connection in try await closeWatch.answer(on: connection, statement) }
            } catch let ended as PostgresSessionEnded where !ended.mayHaveCommitted && attempt < Self.transactionAttempts && !Task.isCancelled {
                logger.notice("a pooled connection had closed before a statement reached it (was this process frozen?); running it on another",
                              metadata: ["attempt": "\(attempt)"])
                attempt += 1
            } catch is PostgresSessionEnded {
                throw PostgresStoreError(kind: .unreachable, url: url, detail: "the connection ended before the statement was answered")
            } catch {
                throw PostgresStoreError(error, url: url)
            }
        }
    }
}

/// Tells whether, and when, each pooled connection closed, from the connection's own close
/// future: postgres-nio never answers a statement written to a connection that has already
/// closed (it drops it unsent), so every wait for an answer also waits for the close.
///
/// A close future keeps every callback given to it until it completes, and a pooled connection
/// lives for hours: so one callback is registered per connection (the first time a statement
/// runs on it), and the statements waiting on it are kept here, each removed when answered.
///
/// Its cost, measured (session 20, `ConnectionCloseWatchCostTests`, debug build, load ~25 on two
/// cores, 5 alternating rounds of 1,000): a page snapshot 919.6 µs watched against 893.5 µs bare
/// (+26 µs, 2.9 %). A lighter form (the statement in one detached task, the close waited for by
/// a registered callback and an event-loop timer, no task group) measured 922.3 µs (a one-value
/// read +24.5 µs, 3.6 %): no gain, since the cost is the detached task's hop, which a statement
/// that may never be answered needs. Not kept (docs/scaling.md).
final class ConnectionCloseWatch: Sendable {
    /// Once a connection has closed, how long a statement still unanswered may take to be failed
    /// by postgres-nio (one it had taken is failed as the connection closes, before the close
    /// future completes): unanswered after that, it was dropped unsent and did nothing.
    static let droppedAfter: Duration = .milliseconds(250)

    private struct State {
        /// Per watched (open) connection, the statements waiting for its close.
        var watched: [PostgresConnection.ID: [UInt64: CheckedContinuation<Void, Never>]] = [:]
        /// Waits not registered yet, and whether they were cancelled meanwhile.
        var unregistered: [UInt64: Bool] = [:]
        var nextWait: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Runs `statement` on `connection` and waits for its answer only while the connection is
    /// open. Closed first, or closed while waiting and the statement unanswered
    /// ``droppedAfter`` later: ``PostgresSessionEnded`` (the statement did nothing), thrown only
    /// once the close future completed, so the pool no longer lends this connection. An error
    /// postgres-nio gave the statement (a closed connection's included) is thrown as it is.
    func answer<Answer: Sendable>(on connection: PostgresConnection,
                                  _ statement: @escaping @Sendable (PostgresConnection) async throws -> Answer) async throws -> Answer {
        guard !connection.isClosed else {
            await closed(connection)
            throw PostgresSessionEnded()
        }
        return try await Race.first([
            { try await Detached.run(whenAbandoned: .leftRunning) { try await statement(connection) } },
            { [self] in
                await closed(connection)
                try await Task.sleep(for: Self.droppedAfter)
                throw PostgresSessionEnded()
            },
        ])
    }

    /// Returns once `connection`'s close future has completed, or at once when the task is
    /// cancelled.
    func closed(_ connection: PostgresConnection) async {
        let id = connection.id
        let wait = state.withLock { state in
            defer { state.nextWait += 1 }
            state.unregistered[state.nextWait] = false
            return state.nextWait
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (resumeNow, newlyWatched) = state.withLock { state -> (Bool, Bool) in
                    if state.unregistered.removeValue(forKey: wait) == true { return (true, false) }
                    let newlyWatched = state.watched[id] == nil
                    state.watched[id, default: [:]][wait] = continuation
                    return (false, newlyWatched)
                }
                if resumeNow { continuation.resume() }
                // Completed already: the callback runs at once.
                if newlyWatched { connection.closeFuture.whenComplete { [self] _ in didClose(id) } }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
                if state.unregistered[wait] != nil {
                    state.unregistered[wait] = true
                    return nil
                }
                return state.watched[id]?.removeValue(forKey: wait)
            }
            waiting?.resume()
        }
    }

    private func didClose(_ id: PostgresConnection.ID) {
        let waiting = state.withLock { $0.watched.removeValue(forKey: id) } ?? [:]
        for continuation in waiting.values { continuation.resume() }
    }
}
