import Foundation

/// One line of the premium audit log: who did what to whom, when, until when, and why.
public struct PremiumAuditEntry: Sendable, Equatable {
    public enum Action: String, Sendable, Codable {
        case grant, revoke, expire
    }

    public var action: Action
    public var actor: String
    public var target: PremiumTarget
    public var at: Date
    public var until: Date?
    public var reason: String?

    public init(action: Action, actor: String, target: PremiumTarget, at: Date, until: Date?, reason: String?) {
        self.action = action
        self.actor = actor
        self.target = target
        self.at = at
        self.until = until
        self.reason = reason
    }
}
