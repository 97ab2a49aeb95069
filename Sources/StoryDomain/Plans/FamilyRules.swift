import Foundation

/// Everything that decides what a person may ask for in a family: their plan and the family's
/// parental controls, folded into the limits every request is checked against.
public struct FamilyRules: Sendable, Equatable {
    public var plan: EffectivePlan
    public var settings: FamilySettings
    public var limits: StoryLimits
    /// The family's time zone (its setting, or the service's default): its days and every time shown.
    public var timeZone: TimeZone

    public init(plan: EffectivePlan, settings: FamilySettings, limits: StoryLimits, timeZone: TimeZone = DailyQuota.utc) {
        self.plan = plan
        self.settings = settings
        self.limits = limits
        self.timeZone = timeZone
    }

    /// Whether someone with these roles may ask for stories here (managers always may).
    public func mayRequest(roleIDs: [String], isManager: Bool) -> Bool {
        guard let role = settings.requesterRoleID else { return true }
        return isManager || roleIDs.contains(role)
    }
}
