import Foundation
import StoryDomain
import NIOWebSocket
import WSCore

/// The people connected to each room, and the room's transcript: broadcasts public messages
/// to everyone in the room (storing them first) and private ones to one connection.
public actor WebChatRoomHub {
    struct Member {
        var userID: String
        var outbound: WebSocketOutboundWriter
    }

    private var rooms: [String: [UUID: Member]] = [:]
    private let transcript: any ChatTranscriptStore
    private let clock: any WallClock
    /// Messages a newcomer is shown.
    let historyLimit: Int

    public init(transcript: any ChatTranscriptStore, clock: any WallClock, historyLimit: Int = 100) {
        self.transcript = transcript
        self.clock = clock
        self.historyLimit = historyLimit
    }

    func join(room: String, connection: UUID, userID: String, outbound: WebSocketOutboundWriter) {
        rooms[room, default: [:]][connection] = Member(userID: userID, outbound: outbound)
    }

    func leave(room: String, connection: UUID) {
        rooms[room]?[connection] = nil
        if rooms[room]?.isEmpty == true { rooms[room] = nil }
    }

    /// The close reason a signed-out browser gets (the page then shows its door).
    static let signedOutReason = "signed out"

    /// Closes every connection of a member who was removed: their browser is signed out.
    public func disconnect(userID: String) async {
        for members in rooms.values {
            for member in members.values where member.userID == userID {
                try? await member.outbound.close(.policyViolation, reason: Self.signedOutReason)
            }
        }
    }

    /// How many connections a room has (for tests and health).
    public func memberCount(room: String) -> Int { rooms[room]?.count ?? 0 }

    /// How many connections all rooms have (for metrics).
    public func connectionCount() -> Int { rooms.values.reduce(0) { $0 + $1.count } }

    /// Stores the message (replacing one with the same id) and sends it to the whole room.
    func publish(_ message: WebChatMessage, room: String) async throws {
        let payload = try WebChatJSON.encoder.encode(message)
        let now = clock.now()
        let existing = try await transcript.entry(id: message.id)
        try await transcript.upsert(TranscriptEntry(id: message.id, room: room, payload: payload,
                                                    createdAt: existing?.createdAt ?? now, updatedAt: now))
        var stored = message
        stored.createdAt = existing?.createdAt ?? message.createdAt
        await broadcast(.message(stored), room: room)
    }

    /// Sends a frame to one connection only (private replies, notices).
    func send(_ frame: WebChatServerFrame, to connection: UUID, room: String) async {
        guard let member = rooms[room]?[connection] else { return }
        try? await member.outbound.write(.text(WebChatJSON.text(frame)))
    }

    func broadcast(_ frame: WebChatServerFrame, room: String) async {
        let text = WebChatJSON.text(frame)
        for member in rooms[room]?.values.map({ $0 }) ?? [] {
            try? await member.outbound.write(.text(text))
        }
    }

    /// The room's recent public messages, oldest first.
    func history(room: String) async throws -> [WebChatMessage] {
        try await transcript.recent(room: room, limit: historyLimit).compactMap {
            try? WebChatJSON.decoder.decode(WebChatMessage.self, from: $0.payload)
        }
    }

    func now() -> Date { clock.now() }
}

extension WebChatRoomHub {
    func transcriptEntry(id: String) async throws -> TranscriptEntry? {
        try await transcript.entry(id: id)
    }
}
