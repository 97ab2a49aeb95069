import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
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

    @Test("a new grant after an expiry nobody recorded yet audits that expiry at its time, not as a replacement")
    func grantAfterUnrecordedExpiry() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let service = try Self.service(temp, clock: clock)
        let user = PremiumTarget.user(platform: "discord", userID: "42")
        let first = try await service.grant(user, by: "7", days: 1, reason: "trial")
        clock.advance(by: 3 * 86_400) // the trial ran out two days ago; the expiry sweep has not run
        let second = try await service.grant(user, by: "7", days: 30, reason: "subscribed")
        let log = try await service.auditLog()
        #expect(log.map(\.action) == [.grant, .expire, .grant])
        let expiry = try #require(log.first { $0.action == .expire })
        #expect(expiry.at == first.expiresAt && expiry.reason == "trial")
        #expect(try await service.recordExpiries().isEmpty, "the expiry is recorded once")
        let endReason = try await temp.open().writer.read { db in
            try Row.fetchAll(db, sql: "SELECT end_reason FROM premium_grant ORDER BY id").map { $0["end_reason"] as String? }
        }
        #expect(endReason == ["expired", nil], "the first grant expired; the second is open")
        #expect(try await service.status(of: user).grant == second)

        // A revoke after an unrecorded expiry also records the expiry first.
        let third = PremiumTarget.user(platform: "discord", userID: "43")
        let short = try await service.grant(third, by: "7", days: 1, reason: nil)
        clock.advance(by: 2 * 86_400)
        #expect(try await service.revoke(third, by: "8", reason: "cleanup") == 0)
        let history = try await service.status(of: third).history
        #expect(history.map(\.action) == [.revoke, .expire, .grant])
        #expect(history[1].at == short.expiresAt)
    }

    @Test("status of a member in a server shows the plan in effect there and where it comes from")
    func memberStatus() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Self.start)
        let service = try Self.service(temp, clock: clock, skus: ["555"])
        let member = PremiumTarget.user(platform: "discord", userID: "42")
        #expect(try await service.status(of: member, in: Self.guild).tier == .free)

        let familyGrant = try await service.grant(.family(Self.guild), by: "7", days: nil, reason: "family plan")
        let covered = try await service.status(of: member, in: Self.guild)
        #expect(covered.tier == .premium && covered.plan.source == .grant(familyGrant))
        #expect(covered.family == Self.guild && covered.grant == nil, "the member has no grant of their own")
        #expect(try await service.status(of: member).tier == .free, "without a server, only the member's own plan counts")
        #expect(try await service.status(of: member, in: FamilyRef(platform: "discord", externalID: "9999")).tier == .free)

        let own = try await service.grant(member, by: "7", days: 5, reason: nil)
        #expect(try await service.status(of: member, in: Self.guild).plan.source == .grant(own), "their own grant is the more specific answer")
        try await service.revoke(member, by: "7", reason: nil)
        try await service.revoke(.family(Self.guild), by: "7", reason: nil)

        let serverPurchase = PurchasedEntitlement(id: "e9", platform: "discord", skuID: "555", userID: nil, familyExternalID: "1200",
                                                  endsAt: nil, deleted: false)
        try await service.recordPurchase(serverPurchase)
        let bought = try await service.status(of: member, in: Self.guild)
        #expect(bought.tier == .premium && bought.plan.source == .purchase(serverPurchase))
        #expect(try await service.status(of: .family(Self.guild)).plan.source == .purchase(serverPurchase))
    }
}
