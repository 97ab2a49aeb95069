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

    /// Whether someone counts as one of the family's grown-ups (`/bedtime`): a manager, or a
    /// member with the role the managers chose (``FamilySettings/grownupRoleID``).
    public func isGrownUp(roleIDs: [String], isManager: Bool) -> Bool {
        isManager || settings.grownupRoleID.map(roleIDs.contains) == true
    }
}
