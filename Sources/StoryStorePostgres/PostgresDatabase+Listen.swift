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
        await listen(on: PostgresSchema.jobsChannel, retry: retry, listening: listening) { _ in wake() }
    }

    /// Tells `received` about each web chat message stored or deleted by another process than
    /// `origin` (its room and id), until cancelled: the web chat's fan-out across processes.
    /// Messages stored while the listener reconnects are not told (they are in the room's history).
    /// - Parameter storyDeleted: told each story another process deleted (its room and id): the
    ///   room's messages showing it are already gone from the history.
    /// - Parameter signedOut: told each member whose sessions all ended (removed, or signed out
    ///   everywhere, by any process or the shell): their open pages here close.
    public func listenForChatMessages(excludingOrigin origin: String, retry: Duration = .seconds(2),
                                      listening: @escaping @Sendable () -> Void = {},
                                      storyDeleted: @escaping @Sendable (_ room: String, _ story: String) -> Void = { _, _ in },
                                      signedOut: @escaping @Sendable (_ room: String, _ member: String) -> Void = { _, _ in },
                                      received: @escaping @Sendable (_ room: String, _ id: String) -> Void) async {
        await listen(on: PostgresSchema.chatChannel, retry: retry, listening: listening) { payload in
            guard let notice = ChatNotice(payload), notice.origin != origin else { return }
            if let story = notice.deletedStory {
                storyDeleted(notice.room, story)
            } else if let member = notice.signedOutMember {
                signedOut(notice.room, member)
            } else {
                received(notice.room, notice.id)
            }
        }
    }

    /// `LISTEN channel` on a connection of its own, calling `notified` with each payload until
    /// cancelled, reconnecting after `retry` when the connection breaks.
    func listen(on channel: String, retry: Duration, listening: @escaping @Sendable () -> Void,
                notified: @escaping @Sendable (String) -> Void) async {
        var attempt = 0
        while !Task.isCancelled {
            attempt += 1
            var opened: PostgresConnection?
            do {
                let connection = try await PostgresConnection.connect(configuration: try Self.connectionConfiguration(url), id: attempt,
                                                                      logger: logger)
                opened = connection
                try await connection.listen(on: channel) { notifications in
                    listening()
                    for try await notification in notifications { notified(notification.payload) }
                }
            } catch {
                if !Task.isCancelled {
                    logger.warning("listening for notifications failed; trying again", metadata: [
                        "channel": "\(channel)", "database": "\(url)", "reason": "\(PostgresStoreError.serverMessage(error))"])
                }
            }
            try? await opened?.close()
            guard !Task.isCancelled else { return }
            // A listener that ended without an error (the server closed it) starts again too.
            try? await Task.sleep(for: retry)
        }
    }
}
