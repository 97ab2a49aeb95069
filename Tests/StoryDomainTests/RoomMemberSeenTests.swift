import Foundation
import StoryDomain
import Testing

/// A member is marked seen at most hourly, on the caller's clock, so visits in between stay reads.
@Suite("Room member: marked seen at most hourly")
struct RoomMemberSeenTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func member(lastSeen: Date?) -> RoomMember {
        RoomMember(id: "wabc", room: RoomName(key: "family", displayName: "Family"), name: "Anna", role: .grownUp,
                   joinedAt: now - 86_400, lastSeenAt: lastSeen)
    }

    @Test("never seen, or last seen an hour ago or more: marked; seen within the hour: not")
    func seenRule() {
        #expect(member(lastSeen: nil).marksSeen(at: now))
        #expect(member(lastSeen: now - RoomMember.seenInterval).marksSeen(at: now))
        #expect(!member(lastSeen: now - RoomMember.seenInterval + 1).marksSeen(at: now))
        #expect(!member(lastSeen: now).marksSeen(at: now))
    }
}
