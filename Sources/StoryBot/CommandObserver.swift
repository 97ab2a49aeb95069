import StoryDomain

/// What the router tells the service about each input it handles, for metrics. Every value is
/// low-cardinality: a platform name (`web`, `discord`), a command label (``ChatInput/metricLabel``)
/// and an outcome; never a user, family or story.
public struct CommandObserver: Sendable {
    /// How an input ended.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Answered as asked.
        case ok
        /// Answered with a kind refusal: a mistake, a limit, a plan, the bedtime screen.
        case refused
        /// Answered with an apology: something broke.
        case failed
        /// Could not even be acknowledged (the platform did not take the acknowledgement).
        case unacknowledged
        /// Seen before and dropped by the adapter (a gateway replay): it was answered once already.
        case duplicate
    }

    /// An input ended (`command` is ``ChatInput/metricLabel``, or `invalid` for text that is no command).
    public var handled: @Sendable (_ platform: Platform, _ command: String, _ outcome: Outcome) -> Void
    /// A command was acknowledged, this long after the router was asked to.
    public var acknowledged: @Sendable (_ platform: Platform, _ latency: Duration) -> Void
    /// A page-turn button was answered with its page, this long after the press reached the router.
    public var pageTurned: @Sendable (_ platform: Platform, _ latency: Duration) -> Void

    public init(handled: @escaping @Sendable (_ platform: Platform, _ command: String, _ outcome: Outcome) -> Void = { _, _, _ in },
                acknowledged: @escaping @Sendable (_ platform: Platform, _ latency: Duration) -> Void = { _, _ in },
                pageTurned: @escaping @Sendable (_ platform: Platform, _ latency: Duration) -> Void = { _, _ in }) {
        self.handled = handled
        self.acknowledged = acknowledged
        self.pageTurned = pageTurned
    }

    /// Tells nothing.
    public static let none = CommandObserver()

    /// The outcome of an input whose work threw `error` (nil: it did not throw).
    static func outcome(of error: (any Error)?) -> Outcome {
        guard let error else { return .ok }
        return FriendlyErrors.isExpected(error) ? .refused : .failed
    }
}

extension ComponentID {
    /// A button that turns a story's page (⏮ ◀ ▶), whose answer time is a page turn's latency.
    var turnsPage: Bool {
        switch self {
        case .page, .firstPage: true
        default: false
        }
    }
}
