import Foundation
import WSCore

/// One WebSocket in a room, for as long as its reader runs: the room sends to it through its own
/// ``WebChatOutbox``, which its own tasks drain to the socket and watch for a stuck write.
struct WebChatConnection: Sendable {
    let id: UUID
    let room: String
    let outbox: WebChatOutbox

    /// Joins `room`, runs `reader` (which reads the socket until it ends) beside the outbox's
    /// writer and watchdog, then leaves the room.
    /// - Parameter forceClose: closes the socket (a write that is stuck is only undone so).
    static func serve(hub: WebChatRoomHub, room: String, userID: String, outbound: WebSocketOutboundWriter,
                      limits: WebChatLimits, forceClose: @escaping @Sendable () -> Void,
                      reader: (WebChatConnection) async throws -> Void) async throws {
        let connection = WebChatConnection(id: UUID(), room: room,
                                           outbox: WebChatOutbox(capacity: limits.sendQueueFrames, writeTimeout: limits.writeTimeout))
        await hub.join(room: room, connection: connection.id, userID: userID, outbox: connection.outbox)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await connection.outbox.drain(to: outbound) }
                group.addTask { await connection.outbox.watch(forceClose: forceClose) }
                do {
                    try await reader(connection)
                } catch {
                    connection.outbox.finish()
                    group.cancelAll()
                    throw error
                }
                connection.outbox.finish()
                // The server closes the connection (a sign-out): the writer sends the close frame
                // first (the watchdog bounds it). Otherwise the browser left: nothing to send.
                if connection.outbox.closing != nil { _ = try await group.next() }
                group.cancelAll()
            }
        } catch {
            await hub.leave(room: room, connection: connection.id)
            throw error
        }
        await hub.leave(room: room, connection: connection.id)
    }
}
