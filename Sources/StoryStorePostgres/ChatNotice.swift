/// A `magical_stories_chat` payload: the process that stored or deleted the message, its room
/// and its id, one a line (the id, a UUID, is last; a room never holds a newline, but the id is
/// split off the end all the same). A deleted story is told the same way, its id marked by
/// ``storyPrefix``, and a member signed out everywhere by ``signedOutPrefix`` (an older process
/// reads either as a message id it cannot find, and does nothing a page would notice).
struct ChatNotice: Equatable {
    var origin: String
    var room: String
    var id: String

    /// Marks the id of a deleted story (message ids are UUIDs, which never hold a `:`).
    static let storyPrefix = "story-deleted:"

    init(origin: String, room: String, id: String) {
        self.origin = origin
        self.room = room
        self.id = id
    }

    /// The notice that `story` was deleted in `room`.
    init(origin: String, room: String, storyDeleted story: String) {
        self.init(origin: origin, room: room, id: Self.storyPrefix + story)
    }

    /// Marks the id of a member whose sessions all ended (removed, or signed out everywhere).
    static let signedOutPrefix = "signed-out:"

    /// The notice that `member` of `room` was signed out everywhere (their open pages close).
    init(origin: String, room: String, signedOut member: String) {
        self.init(origin: origin, room: room, id: Self.signedOutPrefix + member)
    }

    init?(_ payload: String) {
        guard let first = payload.firstIndex(of: "\n"), let last = payload.lastIndex(of: "\n"), first < last else { return nil }
        origin = String(payload[..<first])
        room = String(payload[payload.index(after: first)..<last])
        id = String(payload[payload.index(after: last)...])
    }

    /// The payload as sent.
    var payload: String { "\(origin)\n\(room)\n\(id)" }

    /// The deleted story this notice tells of; nil for a message.
    var deletedStory: String? {
        id.hasPrefix(Self.storyPrefix) ? String(id.dropFirst(Self.storyPrefix.count)) : nil
    }

    /// The member this notice signs out everywhere; nil for anything else.
    var signedOutMember: String? {
        id.hasPrefix(Self.signedOutPrefix) ? String(id.dropFirst(Self.signedOutPrefix.count)) : nil
    }
}
