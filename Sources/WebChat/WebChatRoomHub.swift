import Foundation
import StoryDomain
import NIOWebSocket
import WSCore

/// The people connected to each room, and the room's transcript: broadcasts public messages
/// to everyone in the room (storing them first) and private ones to one connection. Sending
/// never waits for a socket: each connection has its own bounded queue (``WebChatOutbox``).
public actor WebChatRoomHub {
    struct Member {
        var userID: String
        var outbox: WebChatOutbox
    }

    private var rooms: [String: [UUID: Member]] = [:]
    /// Private messages for some members of a room that wait for an answer (a story held for the
    /// grown-ups' yes), by room and message id: sent again to such a member's new connections.
    var held: [String: [String: HeldMessage]] = [:]
    private let transcript: any ChatTranscriptStore
    private let clock: any WallClock
    /// Messages a newcomer is shown, and their most bytes (encoded).
    let historyLimit: Int
    let historyBytes: Int
    /// What each room keeps.
    public nonisolated let retention: TranscriptRetention

    public init(transcript: any ChatTranscriptStore, clock: any WallClock, historyLimit: Int = 100, historyBytes: Int = 128 * 1_024,
                retention: TranscriptRetention = TranscriptRetention()) {
        self.transcript = transcript
        self.clock = clock
        self.historyLimit = historyLimit
        self.historyBytes = historyBytes
        self.retention = retention
    }

    func join(room: String, connection: UUID, userID: String, outbox: WebChatOutbox) {
        rooms[room, default: [:]][connection] = Member(userID: userID, outbox: outbox)
    }

    func leave(room: String, connection: UUID) {
        rooms[room]?[connection] = nil
        if rooms[room]?.isEmpty == true { rooms[room] = nil }
    }

    /// The close reason a signed-out browser gets (the page then shows its door).
    static let signedOutReason = "signed out"

    /// Closes every connection of a member who was removed: their browser is signed out.
    public func disconnect(userID: String) {
        for members in rooms.values {
            for member in members.values where member.userID == userID {
                member.outbox.close(.signedOut)
            }
        }
    }

    /// How many connections a room has (for tests and health).
    public func memberCount(room: String) -> Int { rooms[room]?.count ?? 0 }

    /// How many connections all rooms have (for metrics).
    public func connectionCount() -> Int { rooms.values.reduce(0) { $0 + $1.count } }

    /// Stores the message (replacing one with the same id) and sends it to the whole room (but
    /// `excluded`, a connection it is not for). A new message makes the room forget what is past
    /// its retention.
    func publish(_ message: WebChatMessage, room: String, excluding excluded: UUID? = nil) async throws {
        let payload = try WebChatJSON.encoder.encode(message)
        let now = clock.now()
        let existing = try await transcript.entry(id: message.id)
        try await transcript.upsert(TranscriptEntry(id: message.id, room: room, payload: payload,
                                                    createdAt: existing?.createdAt ?? now, updatedAt: now))
        if existing == nil {
            try await transcript.prune(room: room, keepNewest: retention.keepMessages, olderThan: retention.cutoff(now: now))
        }
        var stored = message
        stored.createdAt = existing?.createdAt ?? message.createdAt
        broadcast(.message(stored), room: room, excluding: excluded)
    }

    /// Takes back a public message (an answer withdrawn): deletes it from the transcript and
    /// from every browser in the room (a `withdrawn` frame).
    func withdraw(messageID id: String, room: String) async throws {
        try await transcript.delete(id: id)
        broadcast(.withdrawn(id), room: room)
    }

    /// Brings the browsers of `room` connected here up to date with message `id`, which another
    /// process stored or deleted (the web chat's fan-out across processes on one database): the
    /// stored message, or a `withdrawn` frame when it is gone. Nothing is read for a room
    /// nobody here is in.
    public func relay(messageID id: String, room: String) async throws {
        guard rooms[room] != nil else { return }
        guard let entry = try await transcript.entry(id: id), entry.room == room else {
            return broadcast(.withdrawn(id), room: room)
        }
        var message = try WebChatJSON.decoder.decode(WebChatMessage.self, from: entry.payload)
        message.createdAt = entry.createdAt
        broadcast(.message(message), room: room)
    }

    /// Takes deleted stories off every screen of the room: the stored messages showing them
    /// (page, book, narration) leave the history, each browser here is sent `storyDeleted` (the
    /// page removes those messages, private ones too), and the other processes sharing the
    /// database are told, so their browsers do the same.
    public func storiesDeleted(_ storyIDs: [String], room: String) async throws {
        guard !storyIDs.isEmpty else { return }
        let deleted = Set(storyIDs)
        var showing: [String] = []
        for entry in try await transcript.recent(room: room, limit: retention.keepMessages + historyLimit) {
            guard let message = try? WebChatJSON.decoder.decode(WebChatMessage.self, from: entry.payload),
                  let story = message.shownStory, deleted.contains(story) else { continue }
            showing.append(entry.id)
        }
        try await transcript.removeStories(storyIDs, messageIDs: showing, room: room)
        for story in storyIDs { broadcast(.storyDeleted(story), room: room) }
    }

    /// Tells the browsers of `room` connected here that another process deleted the story.
    public func relayStoryDeleted(_ storyID: String, room: String) {
        broadcast(.storyDeleted(storyID), room: room)
    }

    /// Forgets, in every room, what is past the retention (for rooms nobody writes in).
    @discardableResult
    public func applyRetention() async throws -> Int {
        try await transcript.prune(room: nil, keepNewest: retention.keepMessages, olderThan: retention.cutoff(now: clock.now()))
    }

    /// Sends a frame to one connection only (private replies, notices).
    func send(_ frame: WebChatServerFrame, to connection: UUID, room: String) {
        rooms[room]?[connection]?.outbox.offer(WebChatJSON.text(frame))
    }

    /// Sends a frame to every connection of these members of the room, and to nobody else.
    func send(_ frame: WebChatServerFrame, toMembers userIDs: Set<String>, room: String) {
        guard let members = rooms[room] else { return }
        let text = WebChatJSON.text(frame)
        for member in members.values where userIDs.contains(member.userID) {
            member.outbox.offer(text)
        }
    }

    func broadcast(_ frame: WebChatServerFrame, room: String, excluding excluded: UUID? = nil) {
        guard let members = rooms[room] else { return }
        let text = WebChatJSON.text(frame)
        for (connection, member) in members where connection != excluded {
            member.outbox.offer(text)
        }
    }

    /// The room's recent public messages, oldest first: the newest ``historyLimit`` that fit in
    /// ``historyBytes``.
    func history(room: String) async throws -> [WebChatMessage] {
        var budget = historyBytes
        var newestFirst: [WebChatMessage] = []
        for entry in try await transcript.recent(room: room, limit: historyLimit).reversed() {
            budget -= entry.payload.count
            guard budget >= 0 else { break }
            if let message = try? WebChatJSON.decoder.decode(WebChatMessage.self, from: entry.payload) { newestFirst.append(message) }
        }
        return newestFirst.reversed()
    }

    func now() -> Date { clock.now() }
}

extension WebChatRoomHub {
    func transcriptEntry(id: String) async throws -> TranscriptEntry? {
        try await transcript.entry(id: id)
    }
}
