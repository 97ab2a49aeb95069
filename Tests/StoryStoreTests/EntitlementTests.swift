import Foundation
import StoryDomain
import Testing
@testable import StoryStore

@Suite("Premium: grants, expiry, revocation, server plans and store purchases")
struct EntitlementTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000) // 2027-01-15 08:00 UTC
    static let guild = FamilyRef(platform: "discord", externalID: "1200")

    static func service(_ temp: TemporaryDatabase, clock: ManualWallClock, skus: Set<String> = []) throws -> EntitlementService {
        EntitlementService(store: SQLiteEntitlementStore(database: try temp.open(), clock: clock), catalog: PlanCatalog(),
                           clock: clock, premiumSKUs: skus)
    }

    @Test("a grant for N days makes a user premium until it expires; the expiry is audited (clock injected, not slept)")
    func grantWithExpiry() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let service = try Self.service(temp, clock: clock)
        #expect(try await service.plan(for: "42", in: Self.guild).tier == .free)

        let grant = try await service.grant(.user(platform: "discord", userID: "42"), by: "7", days: 2, reason: "birthday\u{202E} gift")
        #expect(grant.expiresAt == Self.start.addingTimeInterval(2 * 86_400))
        #expect(grant.reason == "birthday gift", "reasons are cleaned of invisible characters")
        let plan = try await service.plan(for: "42", in: Self.guild)
        #expect(plan.tier == .premium && plan.limits == PlanCatalog().premium)
        #expect(plan.source == .grant(grant))

        clock.advance(by: 2 * 86_400 - 1)
        #expect(try await service.plan(for: "42", in: Self.guild).isPremium)
        clock.advance(by: 2)
        #expect(try await service.plan(for: "42", in: Self.guild).tier == .free, "premium ends exactly at expiry")
        let expired = try await service.recordExpiries()
        #expect(expired.map(\.id) == [grant.id])
        #expect(try await service.recordExpiries().isEmpty, "each expiry is audited once")
        let status = try await service.status(of: .user(platform: "discord", userID: "42"))
        #expect(status.tier == .free)
        #expect(status.history.map(\.action) == [.expire, .grant])
        #expect(status.history.first?.at == grant.expiresAt)
        #expect(status.history.last?.actor == "7" && status.history.last?.until == grant.expiresAt)
    }

    @Test("revoking ends premium now and is audited; a second grant replaces the first")
    func revoke() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let service = try Self.service(temp, clock: clock)
        let user = PremiumTarget.user(platform: "discord", userID: "42")
        try await service.grant(user, by: "7", days: nil, reason: nil)
        let renewed = try await service.grant(user, by: "7", days: 30, reason: "renewal")
        #expect(try await service.status(of: user).grant == renewed)
        clock.advance(by: 60)
        #expect(try await service.revoke(user, by: "8", reason: "asked to stop") == 1)
        #expect(try await service.plan(for: "42", in: Self.guild).tier == .free)
        let log = try await service.auditLog()
        #expect(log.map(\.action) == [.revoke, .grant, .grant])
        #expect(log.first?.actor == "8" && log.first?.reason == "asked to stop")
        #expect(try await service.revoke(user, by: "8", reason: nil) == 0, "nothing left to revoke")
    }

    @Test("a server grant covers every member of that server, and only there")
    func serverPlan() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let service = try Self.service(temp, clock: clock)
        try await service.grant(.family(Self.guild), by: "7", days: 10, reason: "family plan")
        for member in ["1", "2", "3"] {
            #expect(try await service.plan(for: member, in: Self.guild).isPremium)
        }
        #expect(try await service.plan(for: "1", in: FamilyRef(platform: "discord", externalID: "9999")).tier == .free)
        #expect(try await service.plan(for: "1", in: FamilyRef(platform: "web", externalID: "1200")).tier == .free)
    }

    @Test("store purchases of configured SKUs count while active: from the request or stored from events")
    func purchases() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let service = try Self.service(temp, clock: clock, skus: ["555"])
        let fromInteraction = PurchasedEntitlement(id: "e1", platform: "discord", skuID: "555", userID: "42", familyExternalID: nil,
                                                   endsAt: nil, deleted: false)
        #expect(try await service.plan(for: "42", in: Self.guild, purchases: [fromInteraction]).isPremium)
        var otherSKU = fromInteraction
        otherSKU.skuID = "556"
        #expect(try await service.plan(for: "42", in: Self.guild, purchases: [otherSKU]).tier == .free, "unconfigured SKUs do not count")

        // A server subscription arrives as an event and covers every member.
        var serverPurchase = PurchasedEntitlement(id: "e2", platform: "discord", skuID: "555", userID: nil, familyExternalID: "1200",
                                                  endsAt: Self.start.addingTimeInterval(86_400), deleted: false)
        try await service.recordPurchase(serverPurchase)
        #expect(try await service.plan(for: "77", in: Self.guild).isPremium)
        #expect(try await service.status(of: .family(Self.guild)).purchase == serverPurchase)
        clock.advance(by: 86_400)
        #expect(try await service.plan(for: "77", in: Self.guild).tier == .free, "an ended subscription does not count")
        clock.advance(by: -86_400)
        serverPurchase.deleted = true
        try await service.recordPurchase(serverPurchase)
        #expect(try await service.plan(for: "77", in: Self.guild).tier == .free, "a deleted (refunded) one does not either")
    }
}
