import Logging
import ServiceLifecycle
import StoryStorePostgres
import WebChat

/// On PostgreSQL, sends the web chat messages other processes store (a story page finished
/// there, a message typed by a browser connected there) to the browsers of the room connected
/// to this process, and takes off them those another process withdrew, for the life of the service.
struct ChatFanOutService: Service {
    let database: PostgresDatabase
    let hub: WebChatRoomHub
    /// This process's id: its own messages are already sent.
    let origin: String
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            // In the order they were stored: an edit of a message never overtakes the message.
            let (notices, received) = AsyncStream.makeStream(of: (room: String, id: String).self, bufferingPolicy: .bufferingNewest(1_024))
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await database.listenForChatMessages(excludingOrigin: origin) { room, id in received.yield((room, id)) }
                    received.finish()
                }
                group.addTask { [hub, logger] in
                    for await notice in notices {
                        do {
                            try await hub.relay(messageID: notice.id, room: notice.room)
                        } catch {
                            logger.warning("a message from another process could not be shown here", metadata: ["error": "\(error)"])
                        }
                    }
                }
            }
        }
    }
}
