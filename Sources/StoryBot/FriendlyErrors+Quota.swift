import Foundation
import StoryDomain

extension FriendlyErrors {
    /// A person's stories for today are used up: when they start again on the family's clock,
    /// and, for the stories that call a model on the free plan, what premium allows and whom
    /// to ask for it on this platform.
    static func text(for error: QuotaExceeded, on platform: any ChatPlatform) -> String {
        let count = "\(error.limit) \(error.limit == 1 ? "story" : "stories")"
        let again = again(error.resetsAt, waitSeconds: error.waitSeconds, in: error.timeZone)
        switch error.pool {
        case .builtIn:
            return "🌙 That's \(count) today — what a lot of reading! Even my built-in storyteller needs a rest: "
                + "new stories can start again \(again). "
                + "Stories I couldn't finish because of a hiccup on my side don't count."
        case .models:
            let premium = error.premiumLimit.map { limit in
                "With premium you could start \(limit) stories a day — ask \(platform.installRunner). "
            } ?? ""
            return "🌙 That's \(count) today — what a lot of reading! New stories can start again \(again). "
                + premium + "Stories I couldn't finish because of a hiccup on my side don't count."
        }
    }

    /// "tomorrow at 00:00 (in 3 h)" on the family's clock; "at midnight UTC (in 3 h)" when its
    /// zone is not known (the command line).
    static func again(_ date: Date, waitSeconds: Int, in zone: TimeZone?) -> String {
        guard let zone else { return "at midnight UTC (\(waitText(waitSeconds)))" }
        return LocalTimeText.whenWithWait(date, waitSeconds: waitSeconds, in: zone)
    }

    /// Whether the answer to `error` names a time (so the family's zone is worth reading).
    public static func showsTime(_ error: any Error) -> Bool {
        switch error {
        case is ModelBudgetExhausted, is TooManyRefusedRequests, CollectionError.remakeLimitReached: true
        default: false
        }
    }
}
