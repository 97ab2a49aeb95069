import Foundation
import StoryDomain

extension ReplyRenderer {
    static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day()) + " UTC"
    }

    static func describe(_ target: PremiumTarget) -> String {
        switch target {
        case let .user(platform, userID): platform == "discord" ? "<@\(userID)>" : "user \(userID) (\(platform))"
        case let .family(family): family.platform == "web" ? "web room “\(family.externalID)”" : "server \(family.externalID)"
        }
    }

    public func premiumGranted(_ grant: PremiumGrant) -> ChatReply {
        let until = grant.expiresAt.map { "until \(Self.day($0))" } ?? "until revoked"
        return .privateNote("⭐ Premium granted to \(Self.describe(grant.target)), \(until). It's in the audit log.")
    }

    public func premiumRevoked(_ target: PremiumTarget, ended: Int) -> ChatReply {
        .privateNote(ended > 0 ? "🔚 Premium for \(Self.describe(target)) ended now. It's in the audit log."
                     : "ℹ️ \(Self.describe(target)) had no active premium grant (noted in the audit log).")
    }

    public func premiumStatus(_ status: PremiumStatus) -> ChatReply {
        var lines = ["⭐ **\(Self.describe(status.target))**: \(status.tier.displayName)"]
        if let grant = status.grant {
            let until = grant.expiresAt.map { "until \(Self.day($0))" } ?? "until revoked"
            lines.append("• from a grant by \(grant.grantedBy) on \(Self.day(grant.grantedAt)), \(until)"
                         + (grant.reason.map { " — “\($0)”" } ?? ""))
        }
        if let purchase = status.purchase { lines.append("• from a store subscription (SKU \(purchase.skuID))") }
        if status.tier == .free { lines.append("• no active grant or subscription") }
        if !status.history.isEmpty {
            lines.append("**History**")
            for entry in status.history {
                let until = entry.until.map { " until \(Self.day($0))" } ?? ""
                lines.append("• \(Self.day(entry.at)) \(entry.action.rawValue) by \(entry.actor)\(entry.action == .grant ? until : "")"
                             + (entry.reason.map { " — “\($0)”" } ?? ""))
            }
        }
        return .privateNote(lines.joined(separator: "\n"))
    }

    public func settings(_ rules: FamilyRules, changed: Bool) -> ChatReply {
        let settings = rules.settings
        let languages = settings.allowedLanguages.map { $0.map(\.displayName).sorted().joined(separator: ", ") } ?? "all"
        let requesters = settings.requesterRoleID.map { "members with <@&\($0)> (and managers)" } ?? "everyone"
        let avoid = settings.avoidList.isEmpty ? "nothing yet" : settings.avoidList.joined(separator: ", ")
        let plan = rules.plan
        return .privateNote("""
        \(changed ? "✅ Saved. " : "")⚙️ **Parental controls**
        • Pages per story: up to \(rules.limits.maxPages)\(settings.maxPages == nil ? " (the plan's limit)" : "")
        • Languages: \(languages)
        • Avoid-list: \(avoid)
        • Illustrations: \(settings.illustrations.displayName)
        • Who may ask for stories: \(requesters)
        Your plan here: \(plan.tier.displayName) — \(plan.limits.storiesPerDay) stories a day, up to \(plan.limits.maxPages) pages.
        Change with `/settings set max_pages:4 languages:en,fr avoid:"spiders, thunder" illustrations:text requesters:everyone`.
        """)
    }
}
