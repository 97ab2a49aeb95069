import Logging
import ServiceLifecycle
import StoryStorePostgres
import WebChat

/// On PostgreSQL, sends the web chat messages other processes store (a story page finished
/// there, a message typed by a browser connected there) to the browsers of the room connected
/// to this process, and takes off them those another process withdrew and the stories it
/// deleted, and closes the pages of members removed or signed out everywhere elsewhere, for the
/// life of the service.
struct ChatFanOutService: Service {
    /// What another process did: stored or deleted a message, or deleted a story.
    enum Notice: Sendable {
        case message(room: String, id: String)
        case storyDeleted(room: String, story: String)
        /// A member removed, or signed out everywhere, on any process or from the shell.
        case signedOut(member: String)
    }

    let database: PostgresDatabase
    let hub: WebChatRoomHub
    /// This process's id: its own messages are already sent.
    let origin: String
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            // In the order they were stored: an edit of a message never overtakes the message.
            let (notices, received) = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .bufferingNewest(1_024))
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await database.listenForChatMessages(excludingOrigin: origin,
                                                         storyDeleted: { room, story in received.yield(.storyDeleted(room: room, story: story)) },
                                                         signedOut: { _, member in received.yield(.signedOut(member: member)) },
                                                         received: { room, id in received.yield(.message(room: room, id: id)) })
                    received.finish()
                }
                group.addTask { [hub, logger] in
                    for await notice in notices {
                        do {
                            switch notice {
                            case let .message(room, id): try await hub.relay(messageID: id, room: room)
                            case let .storyDeleted(room, story): await hub.relayStoryDeleted(story, room: room)
                            case let .signedOut(member): await hub.disconnect(userID: member)
                            }
                        } catch {
                            logger.warning("a message from another process could not be shown here", metadata: ["error": "\(error)"])
                        }
                    }
                }
            }
        }
    }
}
