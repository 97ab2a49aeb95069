import Foundation

/// Which daily quota a person's next story counts toward, decided per request: a story that
/// calls any model counts toward the plan's `storiesPerDay`; one the built-in providers make
/// alone costs nothing and counts only toward a generous anti-flood cap
/// (`BUILTIN_STORIES_PER_DAY`). Either way the days are the family's local days.
public struct DailyQuotaRules: Sendable, Equatable {
    /// The default anti-flood cap on built-in stories, per person and day.
    public static let defaultBuiltInStoriesPerDay = 50

    /// Which providers call a model (from the composition root).
    public var providers: ProviderLineup
    /// Stories a person may start per day when they call no model; 0 turns the cap off.
    public var builtInStoriesPerDay: Int
    /// A family's zone when it chose none (the service's local zone in the composition root).
    public var defaultTimeZone: TimeZone

    public init(providers: ProviderLineup = .models, builtInStoriesPerDay: Int = Self.defaultBuiltInStoriesPerDay,
                defaultTimeZone: TimeZone = DailyQuota.utc) {
        self.providers = providers
        self.builtInStoriesPerDay = max(0, builtInStoriesPerDay)
        self.defaultTimeZone = defaultTimeZone
    }

    /// The family's time zone: its own setting when it names a zone this system knows, else the default.
    public func timeZone(of settings: FamilySettings) -> TimeZone {
        settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? defaultTimeZone
    }

    /// The quota for a story asked for on `plan` in a family with `settings` (nil: no limit).
    /// - Parameter premiumStoriesPerDay: what premium would allow, when the plan is free.
    public func quota(plan: PlanLimits, premiumStoriesPerDay: Int?, settings: FamilySettings) -> DailyQuota? {
        let zone = timeZone(of: settings)
        if providers.storyCallsModel(illustrations: settings.illustrations) {
            return DailyQuota(storiesPerDay: plan.storiesPerDay, premiumStoriesPerDay: premiumStoriesPerDay, pool: .models, timeZone: zone)
        }
        guard builtInStoriesPerDay > 0 else { return nil }
        // A cap against floods, never tighter than what the plan allows stories that cost.
        return DailyQuota(storiesPerDay: max(builtInStoriesPerDay, plan.storiesPerDay), pool: .builtIn, timeZone: zone)
    }
}
