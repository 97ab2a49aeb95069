import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// Removal and sign-out on both databases: a removed member's links stop working; sessions end
/// one at a time or all at once; the invite lists say who made and who used each link.
@Suite("Storage contract: removal, sign-out, invite lists")
struct RoomRemovalContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("removing a member revokes the links they made and the shared link they came in with; others stay open",
          arguments: [StoreBackend.sqlite, .postgres])
    func removalRevokesTheirLinks(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let room = try await rooms.createRoom(named: "Family")
        let anna = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .grownUp, by: "cli").code.rawValue, name: "Anna")
        let shared = try await rooms.invite(to: room.key, role: .grownUp, by: anna.member.id, terms: InviteTerms(lifetime: 86_400, uses: 5))
        let ben = try await rooms.join(invite: shared.code.rawValue, name: "Ben")
        let bensLink = try await rooms.invite(to: room.key, role: .grownUp, by: ben.member.id)
        let annasLink = try await rooms.invite(to: room.key, role: .child, by: anna.member.id)

        _ = try await rooms.remove("Ben", from: room.key)
        await #expect(throws: RoomAccessError.inviteRevoked, "the link Ben made") {
            try await rooms.join(invite: bensLink.code.rawValue, name: "Ben again")
        }
        await #expect(throws: RoomAccessError.inviteRevoked, "the shared link Ben came in with") {
            try await rooms.join(invite: shared.code.rawValue, name: "Ben")
        }
        #expect(try await rooms.openInvites(of: room.key).map(\.id) == [annasLink.invite.id], "another grown-up's link still works")
        #expect(try await rooms.member(session: ben.session.rawValue) == nil)
    }

    @Test("the invite lists say who made each link and who used it", arguments: [StoreBackend.sqlite, .postgres])
    func inviteListsNamePeople(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let room = try await rooms.createRoom(named: "Family")
        let first = try await rooms.invite(to: room.key, role: .grownUp, by: "cli")
        let anna = try await rooms.join(invite: first.code.rawValue, name: "Anna")
        let shared = try await rooms.invite(to: room.key, role: .child, by: anna.member.id, terms: InviteTerms(lifetime: 86_400, uses: 3))
        _ = try await rooms.join(invite: shared.code.rawValue, name: "Mia")
        clock.advance(by: 1)
        _ = try await rooms.join(invite: shared.code.rawValue, name: "Leo")

        let all = try await rooms.allInvites(of: room.key)
        let made = try #require(all.first { $0.id == shared.invite.id })
        #expect(made.madeBy == "Anna" && made.usedBy == ["Mia", "Leo"])
        let setup = try #require(all.first { $0.id == first.invite.id })
        #expect(setup.madeBy == "the shell" && setup.usedBy == ["Anna"])
        #expect(try await rooms.openInvites(of: room.key).first?.usedBy == ["Mia", "Leo"])
    }

    @Test("signing out ends one session; signing out everywhere ends every session of the member and says so",
          arguments: [StoreBackend.sqlite, .postgres])
    func signOut(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let told = Told()
        let rooms = RoomAccess(directory: directory, clock: clock, memberRemoved: { await told.add($0.id) })
        let room = try await rooms.createRoom(named: "Family")
        let anna = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .grownUp, by: "cli").code.rawValue, name: "Anna")
        let ben = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .child, by: "cli").code.rawValue, name: "Ben")

        #expect(try await rooms.signOut(session: ben.session.rawValue)?.id == ben.member.id)
        #expect(try await rooms.member(session: ben.session.rawValue) == nil, "this browser is signed out")
        #expect(try await rooms.signOut(session: ben.session.rawValue) == nil, "twice is nothing")
        #expect(try await rooms.members(of: room.key).map(\.name) == ["Anna", "Ben"], "the member stays")

        try await rooms.signOutEverywhere(anna.member)
        #expect(try await rooms.member(session: anna.session.rawValue) == nil)
        #expect(await told.ids == [anna.member.id], "the open pages are told to close")
        #expect(try await directory.endSessions(memberID: anna.member.id, at: clock.now()) == 0)
    }

    actor Told {
        var ids: [String] = []
        func add(_ id: String) { ids.append(id) }
    }
}
