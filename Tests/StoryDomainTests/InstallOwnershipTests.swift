import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// The install's owner and the service's admins by platform.
@Suite("Install owner and admin ids")
struct InstallOwnershipTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    @Test("ADMIN_USER_IDS entries: platform:id, a bare number is a Discord id; anything else is refused")
    func adminIDs() {
        #expect(AdminID(parsing: "1400000000000000001") == AdminID(platform: .discord, userID: "1400000000000000001"))
        #expect(AdminID(parsing: " discord:42 ") == AdminID(platform: .discord, userID: "42"))
        #expect(AdminID(parsing: "web:w7k2m9q4x1zb") == AdminID(platform: .web, userID: "w7k2m9q4x1zb"))
        #expect(AdminID(parsing: "Telegram:99")?.description == "telegram:99")
        for bad in ["bob", "discord:bob", "web:", "web:W Caps", "slack:1", "telegram:-5", ":1", "discord:" + String(repeating: "1", count: 21)] {
            #expect(AdminID(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("the first grown-up by the setup link is the owner; one named later replaces them; a child cannot be named; removed means not owner")
    func owner() async throws {
        let directory = InMemoryRoomDirectory()
        let rooms = RoomAccess(directory: directory, clock: clock)
        let ownership = InstallOwnership(directory: directory, settings: InMemoryKeyValueStore())
        #expect(try await ownership.owner() == nil)
        let setup = try #require(try await rooms.setupInviteIfNeeded())
        let anna = try await rooms.join(invite: setup.code.rawValue, name: "Anna").member
        #expect(try await ownership.owner() == .init(member: anna, source: .setupLink))
        let ben = try await rooms.join(invite: try await rooms.invite(to: "family", role: .grownUp, by: "cli").code.rawValue, name: "Ben").member
        let leo = try await rooms.join(invite: try await rooms.invite(to: "family", role: .child, by: "cli").code.rawValue, name: "Leo").member
        let annaOwns = try await ownership.isOwner(memberID: anna.id)
        let benOwns = try await ownership.isOwner(memberID: ben.id)
        #expect(annaOwns && !benOwns)

        await #expect(throws: InstallOwnership.Refusal.notGrownUp("Leo")) { try await ownership.name("Leo", inRoom: "family") }
        #expect(try await ownership.name("ben", inRoom: "family") == ben)
        #expect(try await ownership.owner() == .init(member: ben, source: .named))
        let stillAnna = try await ownership.isOwner(memberID: anna.id)
        let leoOwns = try await ownership.isOwner(memberID: leo.id)
        #expect(!stillAnna && !leoOwns)

        // The named owner removed: the setup link's grown-up is the owner again; both gone: nobody.
        _ = try await rooms.remove("Ben", from: "family")
        #expect(try await ownership.owner()?.member == anna)
        _ = try await rooms.join(invite: try await rooms.invite(to: "family", role: .grownUp, by: "cli").code.rawValue, name: "Cara")
        _ = try await rooms.remove("Anna", from: "family")
        #expect(try await ownership.owner() == nil)
    }

    @Test("the first grown-up by a shell invite is nobody's owner until named")
    func shellFirst() async throws {
        let directory = InMemoryRoomDirectory()
        let rooms = RoomAccess(directory: directory, clock: clock)
        let ownership = InstallOwnership(directory: directory, settings: InMemoryKeyValueStore())
        _ = try #require(try await rooms.setupInviteIfNeeded())
        let anna = try await rooms.join(invite: try await rooms.invite(to: "family", role: .grownUp, by: "cli").code.rawValue, name: "Anna")
        #expect(try await ownership.owner() == nil)
        try await ownership.name("1", inRoom: "family")
        #expect(try await ownership.owner()?.member == anna.member)
    }
}
