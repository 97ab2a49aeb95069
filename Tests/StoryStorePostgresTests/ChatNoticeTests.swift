import Testing
@testable import StoryStorePostgres

@Suite("The web chat's notification payload")
struct ChatNoticeTests {
    @Test("origin, room and id, one a line; a payload without all three is ignored")
    func parses() {
        #expect(ChatNotice("p1\nfamily\nm-1") == ChatNotice(origin: "p1", room: "family", id: "m-1"))
        #expect(ChatNotice("p1\nthe\nodd room\nm-1")?.room == "the\nodd room", "the id is split off the end")
        #expect(ChatNotice("p1\n\nm-1")?.room == "")
        #expect(ChatNotice("p1\nm-1") == nil, "the older two-line form names no room")
        #expect(ChatNotice("") == nil)
        let deleted = ChatNotice(origin: "p1", room: "family", storyDeleted: "s1")
        #expect(ChatNotice(deleted.payload) == deleted && deleted.deletedStory == "s1")
        #expect(ChatNotice("p1\nfamily\nm-1")?.deletedStory == nil, "a message is no story")
    }

    @Test("a member signed out everywhere is told by id, and is neither a message nor a story")
    func signedOut() {
        let notice = ChatNotice(origin: "rooms", room: "family", signedOut: "wabc")
        #expect(ChatNotice(notice.payload) == notice && notice.signedOutMember == "wabc" && notice.deletedStory == nil)
        #expect(ChatNotice("p1\nfamily\nm-1")?.signedOutMember == nil)
    }
}
