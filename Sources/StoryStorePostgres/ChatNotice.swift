/// A `magical_stories_chat` payload: the process that stored or deleted the message, its room
/// and its id, one a line (the id, a UUID, is last; a room never holds a newline, but the id is
/// split off the end all the same).
struct ChatNotice: Equatable {
    var origin: String
    var room: String
    var id: String

    init(origin: String, room: String, id: String) {
        self.origin = origin
        self.room = room
        self.id = id
    }

    init?(_ payload: String) {
        guard let first = payload.firstIndex(of: "\n"), let last = payload.lastIndex(of: "\n"), first < last else { return nil }
        origin = String(payload[..<first])
        room = String(payload[payload.index(after: first)..<last])
        id = String(payload[payload.index(after: last)...])
    }
}
