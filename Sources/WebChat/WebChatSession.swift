import Foundation
import Logging
import StoryBot
import StoryDomain
import WSCore

/// One browser connected to one room: sends the history, then reads frames until the page
/// goes away. Bad frames get a notice, never a dropped connection.
struct WebChatSession {
    let hub: WebChatRoomHub
    let router: CommandRouter
    let identity: WebChatIdentity
    let logger: Logger
    let maxMessageLength: Int
    let parser = CommandParser()

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maxFrame: Int) async throws {
        let connection = UUID()
        let room = identity.room
        await hub.join(room: room, connection: connection, userID: identity.userID, outbound: outbound)
        do {
            try await serve(inbound: inbound, connection: connection, maxFrame: maxFrame)
        } catch {
            await hub.leave(room: room, connection: connection)
            throw error
        }
        await hub.leave(room: room, connection: connection)
    }

    private func serve(inbound: WebSocketInboundStream, connection: UUID, maxFrame: Int) async throws {
        let room = identity.room

        let history = (try? await hub.history(room: room)) ?? []
        await hub.send(WebChatServerFrame(type: .welcome, room: room, userId: identity.userID, name: identity.name),
                       to: connection, room: room)
        await hub.send(WebChatServerFrame(type: .history, messages: history), to: connection, room: room)

        for try await message in inbound.messages(maxSize: maxFrame) {
            guard case let .text(text) = message,
                  let frame = try? WebChatJSON.decoder.decode(WebChatClientFrame.self, from: Data(text.utf8))
            else {
                logger.notice("web chat: unreadable frame ignored")
                await hub.send(.notice("🤔 I couldn't read that message. Please reload the page."), to: connection, room: room)
                continue
            }
            await handle(frame, connection: connection)
        }
    }

    private func handle(_ frame: WebChatClientFrame, connection: UUID) async {
        let room = identity.room
        switch frame.type {
        case .ping:
            await hub.send(WebChatServerFrame(type: .pong), to: connection, room: room)
        case .say:
            let text = (frame.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            guard text.count <= maxMessageLength else {
                await hub.send(.notice("✂️ That message is too long (over \(maxMessageLength) characters)."), to: connection, room: room)
                return
            }
            let cleaned = TextSanitizer().cleanParagraphs(text)
            let said = WebChatMessage(id: UUID().uuidString.lowercased(), author: identity.name, authorId: identity.userID,
                                      text: cleaned, createdAt: await hub.now())
            do {
                try await hub.publish(said, room: room)
            } catch {
                logger.error("web chat: could not store message", metadata: ["error": "\(error)"])
                await hub.send(.notice("😴 I couldn't save that message just now. Please try again."), to: connection, room: room)
                return
            }
            guard CommandParser.isCommand(cleaned) else { return }
            let responder = WebChatResponder(hub: hub, room: room, connection: connection, userID: identity.userID,
                                             pressedMessageID: nil, pressedMessageIsPublic: false)
            do {
                let command = try parser.parse(cleaned)
                await router.handle(.command(command), context: identity.context, responder: responder)
            } catch {
                await router.reject(error, responder: responder)
            }
        case .press:
            guard let buttonID = frame.buttonId, buttonID.count <= 100 else { return }
            let messageID = frame.messageId.flatMap { $0.count <= 64 ? $0 : nil }
            // A public edit may only target a message stored in this room.
            var isRoomMessage = false
            if let messageID, let entry = try? await hub.transcriptEntry(id: messageID) {
                isRoomMessage = entry.room == room
            }
            let responder = WebChatResponder(hub: hub, room: room, connection: connection, userID: identity.userID,
                                             pressedMessageID: messageID, pressedMessageIsPublic: isRoomMessage)
            await router.handle(.button(id: buttonID), context: identity.context, responder: responder)
        }
    }
}

/// Who is connected and to which room, from the connection's query string.
struct WebChatIdentity {
    var room: String
    var userID: String
    var name: String

    var context: ChatContext {
        ChatContext(family: FamilyRef(platform: WebChatTransport.platformName, externalID: room), channelID: room,
                    user: Requester(userID: userID, displayName: name),
                    // On the home web chat every member of the room is family: all may manage.
                    isManager: true)
    }

    /// Cleans the values the page sent: a room is letters, digits, `-` and `_`.
    init(room: String?, userID: String?, name: String?) {
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") }
        self.room = RoomName(normalizing: room ?? "")?.rawValue ?? "family"
        let cleanUser = String((userID ?? "").filter(allowed).prefix(64))
        self.userID = cleanUser.isEmpty ? UUID().uuidString.lowercased() : cleanUser
        let cleanName = String(TextSanitizer().cleanLine(name ?? "").prefix(40))
        self.name = cleanName.isEmpty ? "Guest" : cleanName
    }
}
