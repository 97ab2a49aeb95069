import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// The setup link opens the door only while the install has no grown-up at all, whichever door
/// the first grown-up came in by, and says so once it has retired.
@Suite("Setup link retirement")
struct SetupLinkRetirementTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    func invite(_ purpose: RoomInvite.Purpose, uses: Int = 0) -> RoomInvite {
        RoomInvite(id: 1, room: RoomName(key: "family", displayName: "Family"), role: .grownUp, purpose: purpose, createdBy: "setup",
                   createdAt: clock.now(), expiresAt: clock.now() + 600, maxUses: 1, uses: uses)
    }

    @Test("a setup link is refused as retired once the install has a grown-up, before any other reason; other invites are not")
    func refusalRule() {
        let now = clock.now()
        #expect(invite(.setup).refusal(at: now, installHasGrownUp: false) == nil)
        #expect(invite(.setup).refusal(at: now, installHasGrownUp: true) == .setupLinkRetired)
        #expect(invite(.setup, uses: 1).refusal(at: now, installHasGrownUp: true) == .setupLinkRetired)
        #expect(invite(.setup, uses: 1).refusal(at: now, installHasGrownUp: false) == .inviteUsedUp)
        #expect(invite(.invite).refusal(at: now, installHasGrownUp: true) == nil)
        #expect(invite(.invite).refusal(at: now + 601, installHasGrownUp: true) == .inviteExpired)
        #expect(RoomAccessError.setupLinkRetired.isFailedEntry, "counted against the address that tried")
    }

    @Test("the first grown-up came in by a shell invite: the setup link made before no longer opens the door, and no new one is made")
    func shellInviteRetiresSetupLink() async throws {
        let rooms = RoomAccess(directory: InMemoryRoomDirectory(), clock: clock)
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        let shell = try await rooms.invite(to: setup.invite.room.rawValue, role: .grownUp, by: "cli")
        _ = try await rooms.join(invite: shell.code.rawValue, name: "Anna")
        await #expect(throws: RoomAccessError.setupLinkRetired) { try await rooms.join(invite: setup.code.rawValue, name: "Mallory") }
        #expect(try await rooms.setupInviteIfNeeded() == nil)
        #expect(try await rooms.members(of: "family").map(\.name) == ["Anna"])
        #expect(try await rooms.openInvites(of: "family").isEmpty, "the retired setup link is no longer listed as open")
    }

    @Test("a grown-up of any room retires it; a child does not")
    func anyRoomAnyGrownUp() async throws {
        let rooms = RoomAccess(directory: InMemoryRoomDirectory(), clock: clock)
        let cousins = try await rooms.createRoom(named: "Cousins")
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        _ = try await rooms.join(invite: try await rooms.invite(to: cousins.key, role: .child, by: "cli").code.rawValue, name: "Leo")
        #expect(try await rooms.setupInviteIfNeeded() != nil, "a child is not a grown-up: a new setup link is made")
        await #expect(throws: RoomAccessError.inviteRevoked) { try await rooms.join(invite: setup.code.rawValue, name: "Early") }
        let newest = try #require(try await rooms.setupInviteIfNeeded())
        _ = try await rooms.join(invite: try await rooms.invite(to: cousins.key, role: .grownUp, by: "cli").code.rawValue, name: "Gran")
        await #expect(throws: RoomAccessError.setupLinkRetired) { try await rooms.join(invite: newest.code.rawValue, name: "Mallory") }
    }
}
