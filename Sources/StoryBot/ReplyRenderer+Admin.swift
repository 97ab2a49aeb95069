import Foundation
import StoryDomain

extension ReplyRenderer {
    static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day()) + " UTC"
    }

    /// A premium target in its platform's words (a mention, a server, a web room).
    func describe(_ target: PremiumTarget) -> String {
        switch target {
        case let .user(platform, userID): platforms[platform].name(userID: userID)
        case let .family(family): platforms[family.platform].name(familyID: family.externalID)
        }
    }

    public func premiumGranted(_ grant: PremiumGrant) -> ChatReply {
        let until = grant.expiresAt.map { "until \(Self.day($0))" } ?? "until revoked"
        return .privateNote("⭐ Premium granted to \(describe(grant.target)), \(until). It's in the audit log.")
    }

    public func premiumRevoked(_ target: PremiumTarget, ended: Int) -> ChatReply {
        .privateNote(ended > 0 ? "🔚 Premium for \(describe(target)) ended now. It's in the audit log."
                     : "ℹ️ \(describe(target)) had no active premium grant (noted in the audit log).")
    }

    /// The plan in effect for a user (in this server) or a server, where it comes from, and the
    /// target's recent audit history.
    public func premiumStatus(_ status: PremiumStatus) -> ChatReply {
        let place = status.family.map { " in \(describe(.family($0)))" } ?? ""
        var lines = ["⭐ **\(describe(status.target))**\(place): \(status.tier.displayName)"]
        switch status.plan.source {
        case .free:
            let family = status.family.map { " (theirs or the \(platforms[$0.platform].familyNoun)'s)" } ?? ""
            lines.append("• no active grant or subscription" + family)
        case let .grant(grant):
            let until = grant.expiresAt.map { "until \(Self.day($0))" } ?? "until revoked"
            let whose = grant.target == status.target ? "a grant" : "\(describe(grant.target))'s family plan, a grant"
            lines.append("• from \(whose) by \(grant.grantedBy) on \(Self.day(grant.grantedAt)), \(until)"
                         + (grant.reason.map { " — “\($0)”" } ?? ""))
        case let .purchase(purchase):
            let whose = purchase.userID == nil ? purchase.familyExternalID.map { "server \($0)'s" } ?? "a" : "a"
            lines.append("• from \(whose) store subscription (SKU \(purchase.skuID))")
        }
        if let purchase = status.purchase, status.plan.source != .purchase(purchase) {
            lines.append("• also a store subscription (SKU \(purchase.skuID))")
        }
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

    public func settings(_ rules: FamilyRules, changed: Bool, on platform: Platform) -> ChatReply {
        let settings = rules.settings
        let languages = settings.allowedLanguages.map { $0.map(\.displayName).sorted().joined(separator: ", ") } ?? "all"
        let requesters = settings.requesterRoleID.map { "members with \(platforms[platform].name(roleID: $0)) (and managers)" } ?? "everyone"
        let grownups = settings.grownupRoleID.map { "managers and members with \(platforms[platform].name(roleID: $0))" } ?? "managers"
        let avoid = settings.avoidList.isEmpty ? "nothing yet" : settings.avoidList.joined(separator: ", ")
        let plan = rules.plan
        let zone = TimeZoneName.display(rules.timeZone) + (settings.timeZone == nil ? " (the service's clock)" : "")
        return .privateNote("""
        \(changed ? "✅ Saved. " : "")⚙️ **Parental controls**
        • Pages per story: up to \(rules.limits.maxPages)\(settings.maxPages == nil ? " (the plan's limit)" : "")
        • Languages: \(languages)
        • Avoid-list: \(avoid)
        • Illustrations: \(settings.illustrations.displayName)
        • Who may ask for stories: \(requesters)\(platforms[platform].hasRoles ? "\n• Who may set bedtimes: \(grownups)" : "")
        • Time zone: \(zone) — days start at its midnight
        • This chat is for: \(settings.audience == .children ? "children (stories by the built-in or a self-hosted provider)" : "the family")
        • Wind-down (the last page read aloud): \(settings.windDownInForce.displayName)
        • A grown-up says yes first: \(settings.approvalInForce ? "on — stories wait for a ✅ before the chat sees them" : "off")
        Your plan here: \(plan.tier.displayName) — \(Self.storiesPerDay(rules.limits.dailyQuota)), up to \(plan.limits.maxPages) pages.
        Change with `/settings set max_pages:4 languages:en,fr avoid:"spiders, thunder" illustrations:text requesters:everyone \
        timezone:Europe/Paris audience:children wind_down:5m approval:on`.
        """)
    }

    /// "3 stories a day", "50 stories a day with the built-in storyteller", "as many stories a day as you like".
    static func storiesPerDay(_ quota: DailyQuota?) -> String {
        guard let quota else { return "as many stories a day as you like" }
        let count = "\(quota.storiesPerDay) \(quota.storiesPerDay == 1 ? "story" : "stories") a day"
        return quota.pool == .builtIn ? count + " with the built-in storyteller" : count
    }

    /// `/settings forget`: a private question with a confirm button.
    public func forgetConfirmation(_ family: FamilyRef) -> ChatReply {
        let chatPlatform = platforms[family.platform]
        let place = chatPlatform.thisFamily
        let chat = chatPlatform.keepsTranscript ? ", and the \(chatPlatform.familyNoun)'s chat history" : ""
        return ChatReply(text: "🧹 Delete **everything** of \(place): every story and picture, every Growth Collection with its "
                         + "progress, the achievements and the parental controls\(chat)? Premium and its records are kept. "
                         + "This can't be undone.",
                         buttons: [[ChatButton(.confirmForgetFamily, label: "Delete everything", style: .danger),
                                    ChatButton(.cancelForgetFamily, label: "Keep it")]],
                         isPrivate: true)
    }

    /// What `/settings forget` deleted, privately to the manager.
    public func familyForgotten(_ forgotten: ForgottenFamilyData, family: FamilyRef) -> ChatReply {
        let chatPlatform = platforms[family.platform]
        let place = chatPlatform.thisFamily
        var parts = ["\(forgotten.stories) \(forgotten.stories == 1 ? "story" : "stories")",
                     "\(forgotten.pictures) \(forgotten.pictures == 1 ? "picture" : "pictures")",
                     "\(forgotten.collections) \(forgotten.collections == 1 ? "collection" : "collections")"]
        if chatPlatform.keepsTranscript {
            parts.append("\(forgotten.chatMessages) chat \(forgotten.chatMessages == 1 ? "message" : "messages")")
        }
        return .privateNote("🧹 Done: \(parts.joined(separator: ", ")) of \(place) were deleted, with reading progress, "
                            + "achievements and parental controls. Premium is unchanged.")
    }
}
