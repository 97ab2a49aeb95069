import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// The setup link retires on both stores: once any room has a grown-up, from any door, it no
/// longer opens the door (and says why), across restarts (it is the stored state that decides).
@Suite("Storage contract: the setup link retires")
struct SetupLinkContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("a grown-up who came in by a shell invite retires the setup link made before; a child does not",
          arguments: [StoreBackend.sqlite, .postgres])
    func shellInviteFirst(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        let room = setup.invite.room.rawValue
        _ = try await rooms.join(invite: try await rooms.invite(to: room, role: .child, by: "cli").code.rawValue, name: "Leo")
        let grownUp = try await rooms.invite(to: room, role: .grownUp, by: "cli")
        _ = try await rooms.join(invite: grownUp.code.rawValue, name: "Anna")

        await #expect(throws: RoomAccessError.setupLinkRetired) { try await rooms.join(invite: setup.code.rawValue, name: "Mallory") }
        #expect(try await rooms.members(of: room).map(\.name) == ["Leo", "Anna"])
        #expect(try await rooms.setupInviteIfNeeded() == nil, "no new setup link")
        let listed = try await rooms.allInvites(of: room).first { $0.purpose == .setup }
        #expect(listed?.revokedAt != nil && listed?.uses == 0, "listed as turned off, never used")
    }

    @Test("the setup link's own grown-up retires it too: a second try says it is retired, not just used",
          arguments: [StoreBackend.sqlite, .postgres])
    func setupLinkFirst(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        #expect(try await rooms.join(invite: setup.code.rawValue, name: "Anna").member.role == .grownUp)
        await #expect(throws: RoomAccessError.setupLinkRetired) { try await rooms.join(invite: setup.code.rawValue, name: "Mallory") }
    }

    @Test("the setup link's grown-up is found (the owner's default) until removed; a shell invite's grown-up never is",
          arguments: [StoreBackend.sqlite, .postgres])
    func setupLinkMember(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        #expect(try await directory.setupLinkMember() == nil)
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        let anna = try await rooms.join(invite: setup.code.rawValue, name: "Anna").member
        clock.advance(by: 60)
        _ = try await rooms.join(invite: try await rooms.invite(to: "family", role: .grownUp, by: "cli").code.rawValue, name: "Ben")
        #expect(try await directory.setupLinkMember()?.id == anna.id)
        _ = try await rooms.remove("Anna", from: "family")
        #expect(try await directory.setupLinkMember() == nil)
    }
}
