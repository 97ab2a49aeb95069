import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    func runAdmin(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        let entitlements = policy.entitlements
        switch command {
        case let .premiumGrant(input, days, reason):
            let target = try await adminTarget(input, context: context)
            let grant = try await entitlements.grant(target, by: context.user.userID, days: days, reason: reason)
            logger.notice("premium granted", metadata: ["target": "\(target)", "by": "\(context.user.userID)",
                                                        "until": "\(grant.expiresAt.map { "\($0)" } ?? "revoked")"])
            try await responder.reply(renderer.premiumGranted(grant))
        case let .premiumRevoke(input, reason):
            let target = try await adminTarget(input, context: context)
            let ended = try await entitlements.revoke(target, by: context.user.userID, reason: reason)
            logger.notice("premium revoked", metadata: ["target": "\(target)", "by": "\(context.user.userID)"])
            try await responder.reply(renderer.premiumRevoked(target, ended: ended))
        case let .premiumStatus(input):
            let target = try await adminTarget(input, context: context)
            // A member's plan here: this server's grant or subscription covers them too.
            let family: FamilyRef? = if case .user = target { context.family } else { nil }
            try await responder.reply(renderer.premiumStatus(try await entitlements.status(of: target, in: family)))
        case let .premiumUsage(days):
            try await showUsage(days: days, context: context, responder: responder)
        case .settingsShow:
            guard context.isManager else { throw CommandAccessError.notManager }
            try await responder.reply(renderer.settings(try await rules(context), changed: false, on: context.family.platform))
        case let .settingsSet(change):
            guard context.isManager else { throw CommandAccessError.notManager }
            let current = try await policy.settings.settings(for: context.family)
            var updated = try change.apply(to: current)
            if updated.approvalInForce, change.approval != nil { updated.addApprover(context.user.userID) }
            if updated.requesterRoleID != nil || updated.grownupRoleID != nil, !platforms[context.family.platform].hasRoles { throw SettingsError.noRolesHere }
            try await policy.settings.save(updated, for: context.family, by: context.user.userID)
            logger.info("settings changed", metadata: ["by": "\(context.user.userID)"])
            try await responder.reply(renderer.settings(try await rules(context), changed: true, on: context.family.platform))
        case .settingsForget:
            guard context.isManager else { throw CommandAccessError.notManager }
            try await responder.reply(renderer.forgetConfirmation(context.family))
        default:
            break
        }
    }

    /// Checks that the person is a service admin here, and reads whom the command is about:
    /// a user, a family by its platform's id (a server), or this family. Refuses both a user and a server.
    private func adminTarget(_ input: PremiumTargetInput, context: ChatContext) async throws -> PremiumTarget {
        let chatPlatform = platforms[context.family.platform]
        try await checkServiceAdmin(context)
        if input.userID != nil, input.serverID != nil { throw CommandParseError.conflictingOptions("user", "server") }
        if let user = input.userID {
            guard Self.isPlatformID(user) else { throw CommandParseError.badValue(option: "user", hint: "a user (mention or id)") }
            return .user(platform: context.family.platform, userID: user)
        }
        if let server = input.serverID {
            guard let familyID = chatPlatform.familyID(typed: server) else {
                throw CommandParseError.badValue(option: "server", hint: chatPlatform.familyIDHint)
            }
            return .family(FamilyRef(platform: context.family.platform, externalID: familyID))
        }
        return .family(context.family)
    }

    static func isPlatformID(_ text: String) -> Bool {
        (1...32).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter || $0 == "-" || $0 == "_") }
    }
}
