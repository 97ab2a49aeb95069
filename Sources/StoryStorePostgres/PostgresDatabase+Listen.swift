import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase {
    /// Wakes idle workers when a job is queued (or put back) by any process: `LISTEN` on a
    /// connection of its own, calling `wake` for each notification, until the task is
    /// cancelled. A broken connection is opened again after `retry`; notifications sent
    /// meanwhile are lost, which is why workers also poll every few seconds.
    /// - Parameter listening: told each time the listener is (again) in place.
    public func listenForJobs(retry: Duration = .seconds(2), listening: @escaping @Sendable () -> Void = {},
                              wake: @escaping @Sendable () -> Void) async {
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            var opened: PostgresConnection?
            do {
                let connection = try await PostgresConnection.connect(configuration: try Self.connectionConfiguration(url), id: attempt,
                                                                      logger: logger)
                opened = connection
                try await connection.listen(on: PostgresSchema.jobsChannel) { notifications in
                    listening()
                    for try await _ in notifications { wake() }
                }
            } catch {
                if !Task.isCancelled {
                    logger.warning("listening for new jobs failed; the workers poll until it works again",
                                   metadata: ["database": "\(url)", "reason": "\(PostgresStoreError.serverMessage(error))"])
                }
            }
            try? await opened?.close()
            guard !Task.isCancelled else { return }
            // A listener that ended without an error (the server closed it) starts again too.
            try? await Task.sleep(for: retry)
        }
    }
}
