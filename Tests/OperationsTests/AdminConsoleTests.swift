import Foundation
import MagicalStories
import Operations
import Operations
import StoryDomain
import StoryStore
import Testing

@Suite("The admin command line: premium and usage")
struct AdminConsoleTests {
    static func makeConsole(admins: [String]) throws -> (AdminConsole, AppDatabase, AppConfig, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-admin-\(UUID().uuidString)")
        var config = AppConfig()
        config.databasePath = directory.appendingPathComponent("stories.sqlite").path
        config.adminUserIDs = admins
        let database = try AppDatabase.open(path: config.databasePath)
        return (AdminConsole(config: config, database: database), database, config, directory)
    }

    @Test("an admin grants a web room premium; the room's members are premium; status and the log show it; others are refused")
    func grantRoom() async throws {
        let (console, database, config, directory) = try Self.makeConsole(admins: ["123"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let room = try AdminConsole.target(user: nil, server: nil, room: "family")
        await #expect(throws: AdminConsole.Refusal.self) { _ = try await console.grant(room, as: "999", days: 3, reason: nil) }
        let answer = try await console.grant(room, as: "123", days: 3, reason: "trial")
        #expect(answer.contains("room family on web") && answer.contains("until"))

        let entitlements = EntitlementService(store: SQLiteEntitlementStore(database: database, clock: SystemWallClock()),
                                              catalog: MagicalStoriesApp.plans(config), clock: SystemWallClock())
        #expect(try await entitlements.plan(for: "anna", in: FamilyRef(platform: "web", externalID: "family")).isPremium)
        #expect(try await console.status(room).contains("Premium"))
        #expect(try await console.auditLog(limit: 10).contains("by cli:123"))
        _ = try await console.revoke(room, as: "123", reason: nil)
        #expect(try await console.status(room).hasPrefix("room family on web: Free"))
        #expect(throws: AdminConsole.Refusal.self) { try AdminConsole.target(user: "1", server: "2", room: nil) }
    }

    @Test("--room is read the way the web chat reads rooms; a name it would change otherwise is refused with advice")
    func roomNames() async throws {
        let (console, database, config, directory) = try Self.makeConsole(admins: ["123"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try AdminConsole.target(user: nil, server: nil, room: " Family ") == .family(FamilyRef(platform: "web", externalID: "family")))
        _ = try await console.grant(try AdminConsole.target(user: nil, server: nil, room: "Family"), as: "123", days: nil, reason: nil)
        let entitlements = EntitlementService(store: SQLiteEntitlementStore(database: database, clock: SystemWallClock()),
                                              catalog: MagicalStoriesApp.plans(config), clock: SystemWallClock())
        #expect(try await entitlements.plan(for: "anna", in: FamilyRef(platform: "web", externalID: "family")).isPremium,
                "the room the web chat calls “family” is the one granted")
        do {
            _ = try AdminConsole.target(user: nil, server: nil, room: "Our Room!")
            Issue.record("expected a refusal")
        } catch let refusal as AdminConsole.Refusal {
            #expect(refusal.description.contains("not a web chat room name") && refusal.description.contains("Did you mean --room ourroom?"))
        }
        #expect(throws: AdminConsole.Refusal.self) { try AdminConsole.target(user: nil, server: nil, room: "🌙") }
        #expect(throws: AdminConsole.Refusal.self) { try AdminConsole.target(user: nil, server: "12ab", room: nil) }
    }

    @Test("status of a member shows their server's or room's plan and where it comes from")
    func memberStatus() async throws {
        let (console, _, _, directory) = try Self.makeConsole(admins: ["123"])
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await console.grant(try AdminConsole.target(user: nil, server: "1200", room: nil), as: "123", days: nil, reason: "family plan")
        _ = try await console.grant(try AdminConsole.target(user: nil, server: nil, room: "family"), as: "123", days: 3, reason: nil)

        let member = try AdminConsole.statusTarget(user: "42", server: "1200", room: nil)
        #expect(member.target == .user(platform: "discord", userID: "42") && member.family == FamilyRef(platform: "discord", externalID: "1200"))
        let inServer = try await console.status(member.target, in: member.family)
        #expect(inServer.hasPrefix("user 42 on discord in server 1200 on discord: Premium"))
        #expect(inServer.contains("from family plan of server 1200 on discord: grant by cli:123") && inServer.contains("family plan"))

        let webMember = try AdminConsole.statusTarget(user: "anna", server: nil, room: "Family")
        #expect(webMember.target == .user(platform: "web", userID: "anna"))
        #expect(try await console.status(webMember.target, in: webMember.family).contains(": Premium"))

        let alone = try AdminConsole.statusTarget(user: "42", server: nil, room: nil)
        #expect(alone.family == nil)
        #expect(try await console.status(alone.target, in: alone.family).hasPrefix("user 42 on discord: Free"))
        _ = try await console.grant(.user(platform: "discord", userID: "42"), as: "123", days: nil, reason: nil)
        #expect(try await console.status(member.target, in: member.family).contains("from own grant by cli:123"))

        #expect(throws: AdminConsole.Refusal.self) { try AdminConsole.statusTarget(user: "42", server: "1200", room: "family") }
        #expect(throws: AdminConsole.Refusal.self) { try AdminConsole.statusTarget(user: "42", server: nil, room: "family", platform: "discord") }
    }

    @Test("with no admins configured the console says how to set them")
    func noAdmins() async throws {
        let (console, _, _, directory) = try Self.makeConsole(admins: [])
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try await console.grant(.user(platform: "discord", userID: "42"), as: "1", days: nil, reason: nil)
            Issue.record("expected a refusal")
        } catch let refusal as AdminConsole.Refusal {
            #expect(refusal.description.contains("ADMIN_USER_IDS"))
        }
    }

    @Test("the usage report totals what the providers were asked for, per family")
    func usage() async throws {
        let (console, database, _, directory) = try Self.makeConsole(admins: ["123"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = SQLiteUsageLedger(database: database)
        let family = FamilyRef(platform: "discord", externalID: "1200")
        for _ in 0..<2 {
            try await ledger.record(UsageEntry(family: family, storyID: StoryID.random(),
                                               usage: ProviderUsage(provider: "gemini", model: "m", inputTokens: 100, outputTokens: 400, images: 1),
                                               at: Date()))
        }
        let report = try await console.usageReport(days: 30)
        #expect(report.contains("discord:1200") && report.contains("gemini") && report.contains("800"))
    }
}
