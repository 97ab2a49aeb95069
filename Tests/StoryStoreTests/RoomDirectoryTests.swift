import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// The web chat's doors on the real migrator and SQLite: rooms, invites, members, sessions.
@Suite("Rooms, invites and sessions in SQLite")
struct RoomDirectoryTests {
    let clock = ManualWallClock()

    func access(_ database: AppDatabase, removed: (@Sendable (RoomMember) async -> Void)? = nil) -> RoomAccess {
        RoomAccess(directory: SQLiteRoomDirectory(database: database), clock: clock, memberRemoved: removed ?? { _ in })
    }

    @Test("an invite opens its room once: the member gets their role and a session; the code and token are stored only as hashes")
    func joinOnce() async throws {
        let database = try AppDatabase.inMemory()
        let rooms = access(database)
        let room = try await rooms.createRoom(named: "Les Dupont")
        #expect(room.name.displayName == "Les Dupont" && room.key == "lesdupont")
        let invite = try await rooms.invite(to: room.key, role: .child, by: "cli")
        let joined = try await rooms.join(invite: "https://stories.example.org/join#\(invite.code.rawValue)", name: "  Léa  ")
        #expect(joined.member.name == "Léa" && joined.member.role == .child && joined.member.room.rawValue == "lesdupont")
        #expect(try await rooms.member(session: joined.session.rawValue)?.id == joined.member.id)
        await #expect(throws: RoomAccessError.inviteUsedUp) { try await rooms.join(invite: invite.code.rawValue, name: "Max") }

        let stored = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT code_hash FROM web_invite UNION ALL SELECT token_hash FROM web_session")
        }
        #expect(stored.count == 2)
        #expect(!stored.contains(invite.code.rawValue) && !stored.contains(joined.session.rawValue))
        #expect(stored.allSatisfy { $0.count == 64 })
    }

    @Test("expired, revoked, unknown and malformed invites are refused, each saying why")
    func refusedInvites() async throws {
        let rooms = access(try AppDatabase.inMemory())
        let room = try await rooms.createRoom(named: "family")
        let shortLived = try await rooms.invite(to: room.key, role: .child, by: "cli", terms: InviteTerms(lifetime: 600, uses: 5))
        let revoked = try await rooms.invite(to: room.key, role: .grownUp, by: "cli")
        try await rooms.revokeInvite(revoked.invite.id, in: room.key)
        #expect(try await rooms.openInvites(of: room.key).map(\.id) == [shortLived.invite.id])

        clock.advance(by: 601)
        await #expect(throws: RoomAccessError.inviteExpired) { try await rooms.join(invite: shortLived.code.rawValue, name: "Max") }
        await #expect(throws: RoomAccessError.inviteRevoked) { try await rooms.join(invite: revoked.code.rawValue, name: "Max") }
        let unknown = AccessSecret.random(bytes: AccessSecret.inviteBytes).rawValue
        await #expect(throws: RoomAccessError.inviteNotFound) { try await rooms.join(invite: unknown, name: "Max") }
        await #expect(throws: RoomAccessError.inviteNotFound) { try await rooms.join(invite: "https://x/join#", name: "Max") }
        // A name with nothing in it is refused before the invite is looked at (no use is spent).
        let fresh = try await rooms.invite(to: room.key, role: .child, by: "cli")
        await #expect(throws: RoomAccessError.emptyMemberName) { try await rooms.join(invite: fresh.code.rawValue, name: "!!!") }
        _ = try await rooms.join(invite: fresh.code.rawValue, name: "家族のママ")
        #expect(try await rooms.members(of: room.key).map(\.name) == ["家族のママ"])
    }

    @Test("a room name with no letter or digit is refused; names in any script are kept; a taken name is refused")
    func roomNames() async throws {
        let rooms = access(try AppDatabase.inMemory())
        await #expect(throws: RoomAccessError.emptyRoomName) { try await rooms.createRoom(named: "!!!") }
        let family = try await rooms.createRoom(named: "家族")
        #expect(family.name.displayName == "家族")
        _ = try await rooms.createRoom(named: "Émilie")
        await #expect(throws: RoomAccessError.roomExists("Émilie")) { try await rooms.createRoom(named: "émilie") }
        #expect(try await rooms.rooms().map(\.name.displayName) == ["家族", "Émilie"])
        #expect(try await rooms.room(named: "ÉMILIE").key == "émilie")
    }

    @Test("removing a member ends their session at once and tells the web chat; the last grown-up stays")
    func removal() async throws {
        let told = Told()
        let rooms = access(try AppDatabase.inMemory()) { await told.add($0.id) }
        let room = try await rooms.createRoom(named: "family")
        let anna = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .grownUp, by: "cli").code.rawValue, name: "Anna")
        let ben = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .child, by: "cli").code.rawValue, name: "Ben")
        await #expect(throws: RoomAccessError.lastGrownUp) { try await rooms.remove("Anna", from: room.key) }
        await #expect(throws: RoomAccessError.memberNotFound("Zed")) { try await rooms.remove("Zed", from: room.key) }
        let removed = try await rooms.remove("2", from: room.key)
        #expect(removed.id == ben.member.id)
        #expect(try await rooms.member(session: ben.session.rawValue) == nil)
        #expect(try await rooms.member(session: anna.session.rawValue) != nil)
        #expect(await told.ids == [ben.member.id])
        // Removed members are not counted, listed or found again.
        #expect(try await rooms.members(of: room.key).map(\.name) == ["Anna"])
        await #expect(throws: RoomAccessError.memberNotFound(ben.member.id)) { try await rooms.remove(ben.member.id, from: room.key) }
    }

    @Test("a session lasts 180 days from its last use, and each use (at most hourly) extends it")
    func sessionLifetime() async throws {
        let rooms = access(try AppDatabase.inMemory())
        let room = try await rooms.createRoom(named: "family")
        let anna = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .grownUp, by: "cli").code.rawValue, name: "Anna")
        clock.advance(by: 170 * 86_400)
        #expect(try await rooms.member(session: anna.session.rawValue) != nil, "used on day 170")
        clock.advance(by: 170 * 86_400)
        #expect(try await rooms.member(session: anna.session.rawValue) != nil, "day 340: 170 days after the last use")
        clock.advance(by: 181 * 86_400)
        #expect(try await rooms.member(session: anna.session.rawValue) == nil, "unused for 181 days")
        #expect(try await rooms.member(session: "not a token") == nil)
    }

    @Test("a fresh install gets one setup link to a room “Family”; a new one replaces it; none once a grown-up joined")
    func setupLink() async throws {
        let rooms = access(try AppDatabase.inMemory())
        let first = try #require(try await rooms.setupInviteIfNeeded())
        #expect(first.invite.room.displayName == "Family" && first.invite.role == .grownUp && first.invite.maxUses == 1)
        let second = try #require(try await rooms.setupInviteIfNeeded())
        #expect(try await rooms.rooms().count == 1, "the same room")
        await #expect(throws: RoomAccessError.inviteRevoked) { try await rooms.join(invite: first.code.rawValue, name: "Early") }
        let joined = try await rooms.join(invite: second.code.rawValue, name: "Anna")
        #expect(joined.member.role == .grownUp)
        #expect(try await rooms.setupInviteIfNeeded() == nil)
    }

    @Test("pictures belong to the room whose stories show them")
    func pictures() async throws {
        let database = try AppDatabase.inMemory()
        let directory = SQLiteRoomDirectory(database: database)
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        let story = Fixtures.story(family: FamilyRef(platform: "web", externalID: "family"))
        _ = try await repository.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "family", messageID: "m1"),
                                             quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        let image = try await repository.saveIllustration(Fixtures.picture(3), for: story.id, page: 1)
        #expect(try await directory.roomShows(image: image, roomKey: "family"))
        #expect(try await !directory.roomShows(image: image, roomKey: "cousins"))
    }

    @Test("migrating an earlier database keeps its web rooms, from families and from chat, under their keys")
    func migration() async throws {
        let database = try DatabaseQueue()
        var migrator = AppDatabase.migrator
        try migrator.migrate(database, upTo: "v7: request keys, acknowledgement receipts")
        try await database.write { db in
            try db.execute(sql: "INSERT INTO family (platform, external_id, created_at) VALUES ('web', 'family', '2026-01-01 00:00:00.000')")
            try db.execute(sql: "INSERT INTO family (platform, external_id, created_at) VALUES ('discord', '123', '2026-01-01 00:00:00.000')")
            try db.execute(sql: """
                INSERT INTO chat_message (id, room, payload, created_at, updated_at)
                VALUES ('m1', 'cousins', x'7b7d', '2026-02-01 00:00:00.000', '2026-02-01 00:00:00.000'),
                       ('m2', 'family', x'7b7d', '2026-02-01 00:00:00.000', '2026-02-01 00:00:00.000')
                """)
        }
        migrator = AppDatabase.migrator
        try migrator.migrate(database)
        let rooms = access(try AppDatabase(database))
        #expect(try await rooms.rooms().map(\.key) == ["family", "cousins"])
        #expect(try await rooms.rooms().allSatisfy { $0.memberCount == 0 })
        // With no grown-up anywhere, the setup link opens the old `family` room.
        #expect(try await rooms.setupInviteIfNeeded()?.invite.room.rawValue == "family")
    }
}

actor Told {
    var ids: [String] = []
    func add(_ id: String) { ids.append(id) }
}
