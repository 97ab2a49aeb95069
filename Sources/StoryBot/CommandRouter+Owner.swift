import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// How far back `/premium usage` looks when no `days:` is given.
    static let usageDays = 7

    /// Refuses unless the person is one of the service's admins here: named in `ADMIN_USER_IDS`
    /// for this platform, or the install's owner in the web chat.
    func checkServiceAdmin(_ context: ChatContext) async throws {
        guard platforms[context.family.platform].hasAdminCommands else { throw CommandAccessError.adminCommandsElsewhere }
        guard try await isServiceAdmin(context) else { throw CommandAccessError.notBotAdmin }
    }

    /// Whether the person is named in `ADMIN_USER_IDS` for this platform, or is the install's owner.
    func isServiceAdmin(_ context: ChatContext) async throws -> Bool {
        let platform = context.family.platform
        let user = context.user.userID
        let named = admins.contains { entry in
            guard entry.contains(":") else { return entry == user }
            return AdminID(parsing: entry) == AdminID(platform: platform, userID: user)
        }
        if named { return true }
        guard platform == .web, let owner else { return false }
        return try await owner.isOwner(memberID: user)
    }

    /// `/premium usage`: provider use per family, for the service's admins only.
    func showUsage(days: Int?, context: ChatContext, responder: some ChatResponder) async throws {
        try await checkServiceAdmin(context)
        guard let usage else {
            return try await responder.reply(.privateNote("📊 Usage is not available here: `magical-stories usage` prints it."))
        }
        let report = try await usage.usageReport(days: days ?? Self.usageDays)
        logger.info("usage read", metadata: ["by": "\(context.user.userID)"])
        try await responder.reply(renderer.usageReport(report))
    }
}
