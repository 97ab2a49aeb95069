import Foundation
import StoryDomain
import StoryBot
import StoryStore

/// The bot admins' actions for the command line: premium grants, revocations, status, the audit
/// log and the usage ledger. Works on the service's database directly (the service may be running:
/// SQLite's WAL lets both write safely). Every action names an admin from `ADMIN_USER_IDS`.
public struct AdminConsole: Sendable {
    /// Someone or something the console refuses, with the reason to print.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    private let admins: [AdminID]
    /// The platforms the console names families of.
    private let platforms: ChatPlatforms
    private let entitlements: EntitlementService
    private let store: AppStore
    private let clock: any WallClock

    /// The console on either store.
    /// - Parameters:
    ///   - admins: the bot admins (`ADMIN_USER_IDS`); every grant and revoke names one.
    ///   - plans: the free and premium plans.
    ///   - premiumSKUs: the store's premium SKUs (`DISCORD_PREMIUM_SKU_IDS`).
    ///   - platforms: the platforms whose families the console names.
    public init(admins: [AdminID], plans: PlanCatalog, premiumSKUs: Set<String>, platforms: ChatPlatforms, store: AppStore,
                clock: any WallClock = SystemWallClock()) {
        self.admins = admins
        self.platforms = platforms
        self.clock = clock
        self.store = store
        entitlements = EntitlementService(store: store.entitlements, catalog: plans, clock: clock, premiumSKUs: premiumSKUs)
    }

    /// Whom a grant or revoke is about: exactly one of `--user` (on `platform`, Discord by
    /// default), `--server` (a Discord server id) or `--room` (a web chat room).
    public static func target(user: String?, server: String?, room: String?, platform: Platform? = nil) throws -> PremiumTarget {
        guard [user, server, room].compactMap({ $0 }).count == 1 else {
            throw Refusal(description: "Give exactly one of --user ID, --server ID or --room NAME.")
        }
        if let room { return .family(try roomName(room).family) }
        if let server { return .family(FamilyRef(platform: .discord, externalID: try serverID(server))) }
        return .user(platform: try knownPlatform(platform), userID: try userID(user ?? ""))
    }

    /// Whom `premium status` is about, and where: `--server` or `--room` alone, or `--user` with
    /// an optional `--server` (a Discord member) or `--room` (a web chat member) whose family
    /// plan also counts for them.
    public static func statusTarget(user: String?, server: String?, room: String?,
                                    platform: Platform? = nil) throws -> (target: PremiumTarget, family: FamilyRef?) {
        guard let user else { return (try target(user: nil, server: server, room: room, platform: platform), nil) }
        guard server == nil || room == nil else {
            throw Refusal(description: "With --user, give at most one of --server ID or --room NAME.")
        }
        if let room {
            guard (platform ?? .web) == .web else {
                throw Refusal(description: "A web chat room's members are web users: leave out --platform or use --platform web.")
            }
            return (.user(platform: .web, userID: try userID(user)), try roomName(room).family)
        }
        if let server {
            guard (platform ?? .discord) == .discord else {
                throw Refusal(description: "A Discord server's members are Discord users: leave out --platform or use --platform discord.")
            }
            return (.user(platform: .discord, userID: try userID(user)), FamilyRef(platform: .discord, externalID: try serverID(server)))
        }
        return (try target(user: user, server: nil, room: nil, platform: platform), nil)
    }

    /// A room by name (case and spaces do not matter); a name with anything else its key would leave out is refused.
    static func roomName(_ raw: String) throws -> RoomName {
        if let room = RoomName(exactly: raw) { return room }
        let suggestion = RoomName(normalizing: raw).map { " Did you mean --room \($0.rawValue)?" } ?? ""
        throw Refusal(description: "“\(raw.prefix(60))” is not a web chat room name: rooms are letters and digits of any script, "
                      + "spaces, - and _ (at most \(RoomName.maxLength)), as `magical-stories room list` shows them.\(suggestion)")
    }

    static func serverID(_ raw: String) throws -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard (1...20).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw Refusal(description: "--server takes a Discord server id: digits only, e.g. 1200000000000000001.")
        }
        return value
    }

    static func userID(_ raw: String) throws -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard (1...128).contains(value.count), !value.contains(where: \.isWhitespace) else {
            throw Refusal(description: "--user takes a user id without spaces.")
        }
        return value
    }

    static func knownPlatform(_ raw: Platform?) throws -> Platform {
        let platform = raw ?? .discord
        guard [.discord, .web].contains(platform) else { throw Refusal(description: "--platform is discord or web.") }
        return platform
    }

    /// A target in the console's words: `user 42 on discord`, `server 1200 on discord`, `room family on web`.
    func describe(_ target: PremiumTarget) -> String {
        switch target {
        case let .user(platform, userID): "user \(userID) on \(platform)"
        case let .family(family): "\(platforms[family.platform].familyNoun) \(family.externalID) on \(family.platform)"
        }
    }


    public func grant(_ target: PremiumTarget, as admin: String, days: Int?, reason: String?) async throws -> String {
        try checkAdmin(admin)
        if let days, !(1...3650).contains(days) { throw Refusal(description: "--days must be from 1 to 3650.") }
        let grant = try await entitlements.grant(target, by: "cli:\(admin)", days: days, reason: reason)
        return "⭐ Premium granted to \(describe(target)), \(grant.expiresAt.map { "until \(Self.format($0))" } ?? "until revoked")."
    }

    public func revoke(_ target: PremiumTarget, as admin: String, reason: String?) async throws -> String {
        try checkAdmin(admin)
        let ended = try await entitlements.revoke(target, by: "cli:\(admin)", reason: reason)
        return ended > 0 ? "🔚 Premium for \(describe(target)) ended now." : "ℹ️ \(describe(target)) had no active grant (the revoke is logged)."
    }

    /// The plan in effect and where it comes from; for a user in `family`, the family's plan counts too.
    public func status(_ target: PremiumTarget, in family: FamilyRef? = nil) async throws -> String {
        let status = try await entitlements.status(of: target, in: family)
        var lines = ["\(describe(target))\(status.family.map { " in \(describe(.family($0)))" } ?? ""): \(status.tier.displayName)"]
        switch status.plan.source {
        case .free:
            lines.append("  no active grant or subscription")
        case let .grant(grant):
            let whose = grant.target == target ? "own grant" : "family plan of \(describe(grant.target)): grant"
            lines.append("  from \(whose) by \(grant.grantedBy) on \(Self.format(grant.grantedAt)), "
                         + (grant.expiresAt.map { "until \(Self.format($0))" } ?? "until revoked") + (grant.reason.map { " — \($0)" } ?? ""))
        case let .purchase(purchase):
            let whose = purchase.userID == nil ? purchase.familyExternalID.map { "the store subscription of server \($0)" } ?? "a store subscription"
                : "a store subscription"
            lines.append("  from \(whose), SKU \(purchase.skuID)")
        }
        if let purchase = status.purchase, status.plan.source != .purchase(purchase) {
            lines.append("  also a store subscription, SKU \(purchase.skuID)")
        }
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

    /// Provider use per family over the last `days` days: every request sent (`calls`, failed
    /// ones, retries and repairs included), how many failed, and the tokens and pictures of the
    /// generations that came back.
    public func usageReport(days: Int) async throws -> String {
        let since = clock.now().addingTimeInterval(-Double(max(1, days)) * 86_400)
        let totals = try await store.usageTotals(since: since)
        guard !totals.isEmpty else { return "No provider use recorded in the last \(days) days." }
        var lines = ["Provider use in the last \(days) days (since \(Self.format(since))):",
                     "family                          provider   calls  failed   input tok  output tok  images"]
        for total in totals {
            lines.append(total.family.padding(toLength: 32, withPad: " ", startingAt: 0)
                         + total.provider.padding(toLength: 9, withPad: " ", startingAt: 0)
                         + String(format: "%7d %7d %11d %11d %7d", total.calls, total.failedCalls, total.inputTokens,
                                  total.outputTokens, total.images))
        }
        lines.append("calls: every request sent to the provider, failed ones, retries and repairs included.")
        return lines.joined(separator: "\n")
    }

    private func checkAdmin(_ admin: String) throws {
        guard !admins.isEmpty else {
            throw Refusal(description: "No bot admins are configured: set ADMIN_USER_IDS (e.g. discord:<your id> or web:<member id>) first.")
        }
        guard let id = AdminID(parsing: admin), admins.contains(id) else {
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

/// `/premium usage` in the chats reads the same report as `magical-stories usage`.
extension AdminConsole: UsageReporting {}
