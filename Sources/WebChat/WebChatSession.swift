import Foundation
import Logging
import StoryBot
import StoryDomain
import NIOWebSocket
import WSCore

/// One browser connected to one room: sends the history, then reads frames until the page
/// goes away. Bad frames get a notice, never a dropped connection; a member who was removed
/// is signed out.
struct WebChatSession {
    let hub: WebChatRoomHub
    let router: CommandRouter
    let identity: WebChatIdentity
    let logger: Logger
    let maxMessageLength: Int
    /// How often the member's session is checked again.
    let recheck: Duration
    /// Whether the session still belongs to a member of the room.
    let isStillMember: @Sendable () async -> Bool
    let parser = CommandParser()

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maxFrame: Int) async throws {
        let connection = UUID()
        let room = identity.room
        await hub.join(room: room, connection: connection, userID: identity.userID, outbound: outbound)
        do {
            try await serve(inbound: inbound, outbound: outbound, connection: connection, maxFrame: maxFrame)
        } catch {
            await hub.leave(room: room, connection: connection)
            throw error
        }
        await hub.leave(room: room, connection: connection)
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, connection: UUID, maxFrame: Int) async throws {
        let room = identity.room

        let history = (try? await hub.history(room: room)) ?? []
        await hub.send(WebChatServerFrame(type: .welcome, room: room, userId: identity.userID, name: identity.name,
                                          roomName: identity.roomName, role: identity.role.rawValue),
                       to: connection, room: room)
        await hub.send(WebChatServerFrame(type: .history, messages: history), to: connection, room: room)

        var checked = ContinuousClock.now
        for try await message in inbound.messages(maxSize: maxFrame) {
            if ContinuousClock.now - checked >= recheck {
                guard await isStillMember() else {
                    logger.notice("web chat: a removed member was signed out")
                    try await outbound.close(.policyViolation, reason: WebChatRoomHub.signedOutReason)
                    return
                }
                checked = .now
            }
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
                                             pressedMessageID: nil, pressedMessageIsPublic: false, linkBase: identity.linkBase)
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
                                             pressedMessageID: messageID, pressedMessageIsPublic: isRoomMessage,
                                             linkBase: identity.linkBase)
            await router.handle(.button(id: buttonID), context: identity.context, responder: responder)
        }
    }
}

/// Who is connected and to which room: the member their session cookie belongs to.
struct WebChatIdentity {
    /// The room's key (its family id).
    var room: String
    var roomName: String
    var userID: String
    var name: String
    var role: RoomRole
    /// Where invite links made here point: the configured public address, or the page's own.
    var linkBase: String?

    init(member: RoomMember, linkBase: String?) {
        room = member.room.rawValue
        roomName = member.room.displayName
        userID = member.id
        name = member.name
        role = member.role
        self.linkBase = linkBase
    }

    var context: ChatContext {
        ChatContext(family: FamilyRef(platform: Platform.web, externalID: room), channelID: room,
                    user: Requester(userID: userID, displayName: name),
                    // The room's grown-ups manage it: settings, any story, members and invites.
                    isManager: role.managesRoom)
    }
}
