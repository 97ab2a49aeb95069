import Foundation
import StoryDomain
import StoryStorePostgres
import StoryTestSupport
import Testing
@testable import StoryStore

/// The other storage ports, on each backend that has them.
extension StoreBackend {
    struct OtherPorts {
        let entitlements: any EntitlementStore
        let acknowledgements: any AcknowledgementLedger
        let keyValues: any KeyValueStore
        /// Nil for the in-memory fakes (the room tests run on the real stores only).
        let rooms: (any RoomDirectory)?
    }

    func makeOthers(clock: ManualWallClock) async throws -> OtherPorts {
        switch self {
        case .sqlite:
            let database = try AppDatabase.inMemory()
            return OtherPorts(entitlements: SQLiteEntitlementStore(database: database, clock: clock),
                              acknowledgements: SQLiteAcknowledgementLedger(database: database, clock: clock),
                              keyValues: SQLiteKeyValueStore(database: database, clock: clock), rooms: SQLiteRoomDirectory(database: database))
        case .postgres:
            let database = try await Self.postgres()
            return OtherPorts(entitlements: PostgresEntitlementStore(database: database, clock: clock),
                              acknowledgements: PostgresAcknowledgementLedger(database: database, clock: clock),
                              keyValues: PostgresKeyValueStore(database: database, clock: clock), rooms: PostgresRoomDirectory(database: database))
        case .inMemory:
            return OtherPorts(entitlements: InMemoryEntitlementStore(), acknowledgements: InMemoryAcknowledgementLedger(clock: clock),
                              keyValues: InMemoryKeyValueStore(), rooms: nil)
        }
    }
}

@Suite("Storage contract: plans, rooms, receipts, bot state")
struct PlanRoomContractTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let user = PremiumTarget.user(platform: "discord", userID: "42")

    @Test("a grant replaces the open one, expires at its time (audited once), and a revoke ends it; purchases are kept by id",
          arguments: StoreBackend.allCases)
    func grants(_ backend: StoreBackend) async throws {
        let store = try await backend.makeOthers(clock: clock).entitlements
        let start = clock.now()
        let first = try await store.grant(user, by: "7", at: start, until: start.addingTimeInterval(3_600), reason: "trial")
        let second = try await store.grant(user, by: "7", at: start.addingTimeInterval(60), until: start.addingTimeInterval(7_200), reason: nil)
        #expect(first.id != second.id)
        #expect(try await store.activeGrants(for: [user], at: start.addingTimeInterval(120)).map(\.id) == [second.id], "replaced")
        #expect(try await store.recordExpiries(at: start.addingTimeInterval(7_199)).isEmpty)
        let expired = try await store.recordExpiries(at: start.addingTimeInterval(7_300))
        #expect(expired.map(\.id) == [second.id] && expired.first?.endedAt == start.addingTimeInterval(7_200), "ended at its own expiry")
        #expect(try await store.recordExpiries(at: start.addingTimeInterval(7_400)).isEmpty, "audited once")

        _ = try await store.grant(user, by: "7", at: start.addingTimeInterval(8_000), until: nil, reason: "forever")
        #expect(try await store.revoke(user, by: "8", at: start.addingTimeInterval(9_000), reason: "done") == 1)
        #expect(try await store.activeGrants(for: [user], at: start.addingTimeInterval(9_001)).isEmpty)
        let log = try await store.auditLog(for: user, limit: 10)
        #expect(log.map(\.action) == [.revoke, .grant, .expire, .grant, .grant], "newest first")
        #expect(try await store.auditLog(for: nil, limit: 2).count == 2)

        try await store.savePurchase(PurchasedEntitlement(id: "e1", platform: "discord", skuID: "s", userID: "42", familyExternalID: nil,
                                                          endsAt: nil, deleted: false))
        try await store.savePurchase(PurchasedEntitlement(id: "e1", platform: "discord", skuID: "s", userID: "42", familyExternalID: nil,
                                                          endsAt: nil, deleted: true))
        let purchases = try await store.purchases(platform: "discord", userID: "42", familyExternalID: nil)
        #expect(purchases.count == 1 && purchases.first?.deleted == true)
    }

    @Test("an acknowledgement is recorded once; bot state is set, replaced and removed", arguments: StoreBackend.allCases)
    func receiptsAndState(_ backend: StoreBackend) async throws {
        let ports = try await backend.makeOthers(clock: clock)
        let receipt = AcknowledgementReceipt(platform: "discord", interactionID: "9001", privately: true, acknowledgedAt: clock.now())
        try await ports.acknowledgements.record(receipt)
        try await ports.acknowledgements.record(AcknowledgementReceipt(platform: "discord", interactionID: "9001", privately: false,
                                                                       acknowledgedAt: clock.now().addingTimeInterval(5)))
        #expect(try await ports.acknowledgements.receipt(for: "9001", on: "discord") == receipt, "the first one stays")
        #expect(try await ports.acknowledgements.receipt(for: "9001", on: "web") == nil)

        #expect(try await ports.keyValues.value(for: "gateway.session") == nil)
        try await ports.keyValues.setValue("a", for: "gateway.session")
        try await ports.keyValues.setValue("b", for: "gateway.session")
        #expect(try await ports.keyValues.value(for: "gateway.session") == "b")
        try await ports.keyValues.setValue(nil, for: "gateway.session")
        #expect(try await ports.keyValues.value(for: "gateway.session") == nil)
    }

    @Test("a receipt older than a day is dropped when another is recorded; a newer one stays", arguments: [StoreBackend.sqlite, .postgres])
    func receiptsExpire(_ backend: StoreBackend) async throws {
        let ports = try await backend.makeOthers(clock: clock)
        let old = AcknowledgementReceipt(platform: "discord", interactionID: "1", privately: false, acknowledgedAt: clock.now())
        try await ports.acknowledgements.record(old)
        clock.advance(by: 3600)
        let recent = AcknowledgementReceipt(platform: "discord", interactionID: "2", privately: true, acknowledgedAt: clock.now())
        try await ports.acknowledgements.record(recent)
        clock.advance(by: 24 * 3600 - 1800)
        try await ports.acknowledgements.record(AcknowledgementReceipt(platform: "discord", interactionID: "3", privately: false,
                                                                       acknowledgedAt: clock.now()))
        #expect(try await ports.acknowledgements.receipt(for: "1", on: "discord") == nil, "older than a day")
        #expect(try await ports.acknowledgements.receipt(for: "2", on: "discord") == recent)
        #expect(try await ports.acknowledgements.receipt(for: "3", on: "discord") != nil)
    }

    @Test("rooms: a name is taken once; an invite is used up; the last grown-up stays; only the room's own pictures are shown",
          arguments: [StoreBackend.sqlite, .postgres])
    func rooms(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let room = try await rooms.createRoom(named: "Émilie")
        await #expect(throws: RoomAccessError.roomExists("Émilie")) { try await rooms.createRoom(named: "émilie") }
        let invite = try await rooms.invite(to: room.key, role: .grownUp, by: "cli", terms: InviteTerms(lifetime: 600, uses: 1))
        let anna = try await rooms.join(invite: invite.code.rawValue, name: "Anna")
        await #expect(throws: RoomAccessError.inviteUsedUp) { try await rooms.join(invite: invite.code.rawValue, name: "Ben") }
        #expect(try await rooms.member(session: anna.session.rawValue)?.id == anna.member.id)
        await #expect(throws: RoomAccessError.lastGrownUp) { try await rooms.remove("Anna", from: room.key) }
        let child = try await rooms.invite(to: room.key, role: .child, by: "cli")
        let ben = try await rooms.join(invite: child.code.rawValue, name: "Ben")
        #expect(try await rooms.members(of: room.key).map(\.name) == ["Anna", "Ben"])
        _ = try await rooms.remove("Ben", from: room.key)
        #expect(try await rooms.member(session: ben.session.rawValue) == nil, "signed out at once")
        #expect(try await rooms.rooms().first?.memberCount == 1)
        #expect(try await directory.roomShows(image: ImageID(rawValue: String(repeating: "a", count: 64)), roomKey: room.key) == false)
        clock.advance(by: 601)
        let late = try await rooms.invite(to: room.key, role: .child, by: "cli", terms: InviteTerms(lifetime: 600, uses: 5))
        try await rooms.revokeInvite(late.invite.id, in: room.key)
        await #expect(throws: RoomAccessError.inviteRevoked) { try await rooms.join(invite: late.code.rawValue, name: "Max") }
    }

    @Test("a member is welcomed once: the first visit says so, every later one (or a removed member's) does not", arguments: [StoreBackend.sqlite, .postgres])
    func welcomedOnce(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let room = try await rooms.createRoom(named: "Family")
        let anna = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .grownUp, by: "cli").code.rawValue, name: "Anna")
        let ben = try await rooms.join(invite: try await rooms.invite(to: room.key, role: .child, by: "cli").code.rawValue, name: "Ben")
        #expect(try await rooms.isFirstVisit(anna.member))
        #expect(try await !rooms.isFirstVisit(anna.member), "a reconnection, another process or a restart")
        _ = try await rooms.remove("Ben", from: room.key)
        #expect(try await !rooms.isFirstVisit(ben.member), "a removed member is never welcomed")
        #expect(try await !directory.markWelcomed(memberID: "nobody", at: clock.now()))
    }

    @Test("an invite's preview names its room and role and uses nothing; a used, revoked or unknown code is refused as the join would",
          arguments: [StoreBackend.sqlite, .postgres])
    func invitePreview(_ backend: StoreBackend) async throws {
        let directory = try #require(try await backend.makeOthers(clock: clock).rooms)
        let rooms = RoomAccess(directory: directory, clock: clock)
        let room = try await rooms.createRoom(named: "Sea Otters")
        let once = try await rooms.invite(to: room.key, role: .child, by: "cli", terms: InviteTerms(lifetime: 600, uses: 1))
        let preview = try await rooms.preview(invite: "https://stories.example.org/join#\(once.code.rawValue)")
        #expect(preview.room.displayName == "Sea Otters" && preview.role == .child && preview.uses == 0)
        _ = try await rooms.preview(invite: once.code.rawValue)
        _ = try await rooms.join(invite: once.code.rawValue, name: "Léa")
        await #expect(throws: RoomAccessError.inviteUsedUp) { try await rooms.preview(invite: once.code.rawValue) }
        let revoked = try await rooms.invite(to: room.key, role: .grownUp, by: "cli")
        try await rooms.revokeInvite(revoked.invite.id, in: room.key)
        await #expect(throws: RoomAccessError.inviteRevoked) { try await rooms.preview(invite: revoked.code.rawValue) }
        let unknown = AccessSecret.random(bytes: AccessSecret.inviteBytes)
        await #expect(throws: RoomAccessError.inviteNotFound) { try await rooms.preview(invite: unknown.rawValue) }
        #expect(try await directory.invite(code: unknown) == nil)
    }
}
