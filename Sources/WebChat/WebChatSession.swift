import Foundation
import Logging
import StoryBot
import StoryDomain
import NIOWebSocket
import WSCore

/// One browser connected to one room: sends the history, then reads frames until the page
/// goes away. Bad frames get a notice, never a dropped connection (text that is not UTF-8 is
/// closed with 1007 by the WebSocket layer); a member who was removed is signed out; a member
/// who sends faster than ``WebChatLimits/messagesPerMinute`` is told so and slowed down.
struct WebChatSession {
    let hub: WebChatRoomHub
    let router: CommandRouter
    let identity: WebChatIdentity
    let logger: Logger
    let limits: WebChatLimits
    /// How often the member's session is checked again.
    let recheck: Duration
    /// Whether the session still belongs to a member of the room.
    let isStillMember: @Sendable () async -> Bool
    /// What the session's checks wait with (a test's clock, or the real one).
    var clock: any Clock<Duration> = ContinuousClock()
    /// Whether this is the member's first connection since joining (true once, ever).
    let isFirstVisit: @Sendable () async -> Bool
    let parser = CommandParser()

    /// - Parameter forceClose: closes the socket at once (a connection too slow to take its frames).
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, forceClose: @escaping @Sendable () -> Void) async throws {
        try await WebChatConnection.serve(hub: hub, room: identity.room, userID: identity.userID, outbound: outbound, limits: limits,
                                          forceClose: forceClose) { connection in
            try await withThrowingTaskGroup(of: Void.self) { group in
                // The session is checked on a timer too: a removal the browser never hears of
                // (the shell, on SQLite) closes the page with no activity from it.
                group.addTask { [logger] in
                    let watch = SessionWatch(interval: recheck, clock: clock, isStillMember: isStillMember)
                    if await watch.untilSignedOut() {
                        logger.notice("web chat: a removed member was signed out")
                        connection.outbox.close(.signedOut)
                    }
                }
                try await serve(inbound: inbound, connection: connection)
                group.cancelAll()
            }
            if connection.outbox.closing == .tooSlow {
                logger.notice("web chat: a connection too slow to read its messages was closed")
            }
        }
    }

    private func serve(inbound: WebSocketInboundStream, connection: WebChatConnection) async throws {
        let room = identity.room
        let history = (try? await hub.history(room: room)) ?? []
        await hub.send(WebChatServerFrame(type: .welcome, room: room, userId: identity.userID, name: identity.name,
                                          roomName: identity.roomName, role: identity.role.rawValue),
                       to: connection.id, room: room)
        await hub.send(WebChatServerFrame(type: .history, messages: history), to: connection.id, room: room)
        await hub.sendHeld(to: connection.id, userID: identity.userID, room: room)
        if await isFirstVisit() { await welcome(connection.id) }

        var checked = ContinuousClock.now
        var rate = TokenBucket(capacity: limits.messageBurst, perMinute: limits.messagesPerMinute, now: checked)
        var toldToSlowDown = false
        for try await message in inbound.messages(maxSize: limits.maxFrameBytes) {
            let now = ContinuousClock.now
            if now - checked >= recheck {
                guard await isStillMember() else {
                    logger.notice("web chat: a removed member was signed out")
                    connection.outbox.close(.signedOut)
                    return
                }
                checked = now
            }
            // A flood is slowed, not dropped: each frame waits for its turn (the socket's own
            // backpressure then holds the sender), and the sender is told once why.
            let wait = rate.take(at: now)
            if wait > .zero {
                if !toldToSlowDown {
                    toldToSlowDown = true
                    await hub.send(.notice("🐢 You're sending messages very fast: I'll read them one at a time, a little slower."),
                                   to: connection.id, room: room)
                }
                try await Task.sleep(for: wait)
            } else {
                toldToSlowDown = false
            }
            guard case let .text(text) = message,
                  let frame = try? WebChatJSON.decoder.decode(WebChatClientFrame.self, from: Data(text.utf8))
            else {
                logger.notice("web chat: unreadable frame ignored")
                await hub.send(.notice("🤔 I couldn't read that message. Please reload the page."), to: connection.id, room: room)
                continue
            }
            await handle(frame, connection: connection.id)
        }
    }

    /// The member's first visit: a private welcome with one first step, and "Mia joined" for
    /// the others (stored, so it reaches them on every process and in the history).
    private func welcome(_ connection: UUID) async {
        let now = await hub.now()
        await hub.send(.message(WebChatWelcome.message(for: identity, at: now)), to: connection, room: identity.room)
        do {
            try await hub.publish(WebChatWelcome.joined(identity, at: now), room: identity.room, excluding: connection)
        } catch {
            logger.warning("web chat: could not tell the room someone joined", metadata: ["error": "\(error)"])
        }
    }

    private func handle(_ frame: WebChatClientFrame, connection: UUID) async {
        let room = identity.room
        switch frame.type {
        case .ping:
            await hub.send(WebChatServerFrame(type: .pong), to: connection, room: room)
        case .say:
            // Cleaning thins runs of combining marks to two per letter and drops invisible characters.
            let cleaned = TextSanitizer().cleanParagraphs(frame.text ?? "")
            guard !cleaned.isEmpty else { return }
            guard cleaned.count <= limits.maxMessageCharacters, cleaned.utf8.count <= limits.maxMessageBytes else {
                await hub.send(.notice("✂️ That message is too long for the chat (at most \(limits.maxMessageCharacters) characters, "
                                       + "\(limits.maxMessageBytes) bytes; emoji and accents take more room). Please split it."),
                               to: connection, room: room)
                return
            }
            let said = WebChatMessage(id: UUID().uuidString.lowercased(), author: identity.name, authorId: identity.userID,
                                      text: cleaned, createdAt: await hub.now())
            do {
                try await hub.publish(said, room: room)
            } catch {
                logger.error("web chat: could not store message", metadata: ["error": "\(error)"])
                await hub.send(.notice("😴 I couldn't save that message just now. Please try again."), to: connection, room: room)
                return
            }
            let responder = WebChatResponder(hub: hub, room: room, connection: connection, userID: identity.userID,
                                             pressedMessageID: nil, pressedMessageIsPublic: false, linkBase: identity.linkBase,
                                             inviteLinkWarning: identity.linkWarning, logger: logger)
            guard CommandParser.isCommand(cleaned) else {
                // Plain words that read like a request ("please tell Mia a story") get an answer; chat gets none.
                return await router.answerPlainWords(cleaned, context: identity.context, responder: responder)
            }
            do {
                let command = try parser.parse(cleaned)
                await router.handle(.command(command), context: identity.context, responder: responder)
            } catch {
                await router.reject(error, responder: responder)
            }
        case .press:
            guard let buttonID = frame.buttonId, buttonID.count <= 100 else { return }
            let messageID = frame.messageId.flatMap { $0.count <= 64 ? $0 : nil }
            // A public edit may only replace a bot message of this room that carries the button:
            // never a member's words, never another room's message.
            var carriesButton = false
            if let messageID, let entry = try? await hub.transcriptEntry(id: messageID), entry.room == room,
               let stored = try? WebChatJSON.decoder.decode(WebChatMessage.self, from: entry.payload) {
                carriesButton = stored.carries(buttonID)
            }
            let responder = WebChatResponder(hub: hub, room: room, connection: connection, userID: identity.userID,
                                             pressedMessageID: messageID, pressedMessageIsPublic: carriesButton,
                                             linkBase: identity.linkBase, inviteLinkWarning: identity.linkWarning, logger: logger)
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
    /// Why phones may not open those links (a loopback address), for the invites' warning.
    var linkWarning: String?

    init(member: RoomMember, linkBase: String?, linkWarning: String? = nil) {
        room = member.room.rawValue
        roomName = member.room.displayName
        userID = member.id
        name = member.name
        role = member.role
        self.linkBase = linkBase
        self.linkWarning = linkWarning
    }

    var context: ChatContext {
        ChatContext(family: FamilyRef(platform: Platform.web, externalID: room), channelID: room,
                    user: Requester(userID: userID, displayName: name),
                    // The room's grown-ups manage it: settings, any story, members and invites.
                    isManager: role.managesRoom, isChild: role == .child)
    }
}
