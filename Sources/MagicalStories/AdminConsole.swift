import Foundation
import StoryDomain
import StoryStore

/// The bot admins' actions for the command line: premium grants, revocations, status, the audit
/// log and the usage ledger. Works on the service's database directly (the service may be running:
/// SQLite's WAL lets both write safely). Every action names an admin from `ADMIN_USER_IDS`.
public struct AdminConsole: Sendable {
    /// Someone or something the console refuses, with the reason to print.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    private let config: AppConfig
    private let entitlements: EntitlementService
    private let usage: SQLiteUsageLedger
    private let clock: any WallClock

    public init(config: AppConfig, database: AppDatabase, clock: any WallClock = SystemWallClock()) {
        self.config = config
        self.clock = clock
        entitlements = EntitlementService(store: SQLiteEntitlementStore(database: database, clock: clock),
                                          catalog: MagicalStoriesApp.plans(config), clock: clock,
                                          premiumSKUs: Set(config.discordPremiumSKUIDs))
        usage = SQLiteUsageLedger(database: database)
    }

    /// Whom a command is about: `--user` (on `platform`), `--server` (a Discord server) or `--room` (a web chat room).
    public static func target(user: String?, server: String?, room: String?, platform: String = "discord") throws -> PremiumTarget {
        let given = [user, server, room].compactMap { $0 }
        guard given.count == 1, let value = given.first?.trimmingCharacters(in: .whitespaces),
              (1...128).contains(value.count), !value.contains(where: \.isWhitespace) || room != nil
        else { throw Refusal(description: "Give exactly one of --user ID, --server ID or --room NAME.") }
        if room != nil { return .family(FamilyRef(platform: "web", externalID: value)) }
        if server != nil { return .family(FamilyRef(platform: "discord", externalID: value)) }
        return .user(platform: platform, userID: value)
    }

    public func grant(_ target: PremiumTarget, as admin: String, days: Int?, reason: String?) async throws -> String {
        try checkAdmin(admin)
        if let days, !(1...3650).contains(days) { throw Refusal(description: "--days must be from 1 to 3650.") }
        let grant = try await entitlements.grant(target, by: "cli:\(admin)", days: days, reason: reason)
        return "⭐ Premium granted to \(target), \(grant.expiresAt.map { "until \(Self.format($0))" } ?? "until revoked")."
    }

    public func revoke(_ target: PremiumTarget, as admin: String, reason: String?) async throws -> String {
        try checkAdmin(admin)
        let ended = try await entitlements.revoke(target, by: "cli:\(admin)", reason: reason)
        return ended > 0 ? "🔚 Premium for \(target) ended now." : "ℹ️ \(target) had no active grant (the revoke is logged)."
    }

    public func status(_ target: PremiumTarget) async throws -> String {
        let status = try await entitlements.status(of: target)
        var lines = ["\(target): \(status.tier.displayName)"]
        if let grant = status.grant {
            lines.append("  grant by \(grant.grantedBy) on \(Self.format(grant.grantedAt)), "
                         + (grant.expiresAt.map { "until \(Self.format($0))" } ?? "until revoked") + (grant.reason.map { " — \($0)" } ?? ""))
        }
        if let purchase = status.purchase { lines.append("  store subscription, SKU \(purchase.skuID)") }
        if !status.history.isEmpty { lines.append("  history:") }
        lines += status.history.map { "    " + Self.line($0) }
        return lines.joined(separator: "\n")
    }

    /// The newest audit entries, all targets.
    public func auditLog(limit: Int) async throws -> String {
        _ = try await entitlements.recordExpiries()
        let entries = try await entitlements.auditLog(limit: max(1, min(limit, 1_000)))
        return entries.isEmpty ? "The audit log is empty." : entries.map(Self.line).joined(separator: "\n")
    }

    /// Provider use per family over the last `days` days.
    public func usageReport(days: Int) async throws -> String {
        let since = clock.now().addingTimeInterval(-Double(max(1, days)) * 86_400)
        let totals = try await usage.totals(since: since)
        guard !totals.isEmpty else { return "No provider use recorded in the last \(days) days." }
        var lines = ["Provider use in the last \(days) days (since \(Self.format(since))):",
                     "family                          provider   calls   input tok  output tok  images"]
        for total in totals {
            lines.append(total.family.padding(toLength: 32, withPad: " ", startingAt: 0)
                         + total.provider.padding(toLength: 9, withPad: " ", startingAt: 0)
                         + String(format: "%7d %11d %11d %7d", total.generations, total.inputTokens, total.outputTokens, total.images))
        }
        return lines.joined(separator: "\n")
    }

    private func checkAdmin(_ admin: String) throws {
        guard !config.adminUserIDs.isEmpty else {
            throw Refusal(description: "No bot admins are configured: set ADMIN_USER_IDS (your Discord user id) first.")
        }
        guard config.adminUserIDs.contains(admin) else {
            throw Refusal(description: "\(admin) is not in ADMIN_USER_IDS; pass --as with one of the configured admin ids.")
        }
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)) + " UTC"
    }

    static func line(_ entry: PremiumAuditEntry) -> String {
        "\(format(entry.at))  \(entry.action.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  \(entry.target)  by \(entry.actor)"
            + (entry.action == .grant ? (entry.until.map { "  until \(format($0))" } ?? "  until revoked") : "")
            + (entry.reason.map { "  — \($0)" } ?? "")
    }
}
