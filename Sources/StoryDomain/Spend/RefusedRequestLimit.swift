import Foundation

/// The requests refused before any model call (the bedtime screen, the family's avoid-list):
/// they cost no story from the day's quota, but each counts, and a person who reaches the day's
/// limit is asked to come back tomorrow (so the screen cannot be probed without end).
public protocol RefusedRequestLedger: Sendable {
    func recordRefusal(by requester: Requester, on platform: Platform, at date: Date) async throws
    /// Refusals of the person on the platform since `since`.
    func refusals(by requester: Requester, on platform: Platform, since: Date) async throws -> Int
}

/// A person's refused requests today reached the limit.
public struct TooManyRefusedRequests: Error, Sendable, Equatable {
    public var limit: Int
    public var resetsAt: Date
    public var waitSeconds: Int

    public init(limit: Int, resetsAt: Date, now: Date) {
        self.limit = limit
        self.resetsAt = resetsAt
        waitSeconds = max(0, Int(resetsAt.timeIntervalSince(now)))
    }
}

/// Counts a person's refused requests per UTC day and holds the limit.
public struct RefusedRequestLimit: Sendable {
    public static let defaultPerDay = 10
    public let perDay: Int
    private let ledger: any RefusedRequestLedger
    private let clock: any WallClock

    public init(ledger: any RefusedRequestLedger, perDay: Int = Self.defaultPerDay, clock: any WallClock) {
        self.ledger = ledger
        self.perDay = max(0, perDay)
        self.clock = clock
    }

    /// Throws ``TooManyRefusedRequests`` when the person has no refusals left today.
    public func check(_ requester: Requester, on platform: Platform) async throws {
        let now = clock.now()
        let day = DailyQuota.day(containing: now)
        if try await ledger.refusals(by: requester, on: platform, since: day.start) >= perDay {
            throw TooManyRefusedRequests(limit: perDay, resetsAt: day.next, now: now)
        }
    }

    /// Counts `error` when it is a refusal made before any model call. Never throws.
    public func count(_ error: any Error, by requester: Requester, on platform: Platform) async {
        guard let refusal = error as? StoryRequestError, refusal.isSafetyRefusal else { return }
        try? await ledger.recordRefusal(by: requester, on: platform, at: clock.now())
    }
}

extension StoryRequestError {
    /// Refused for what the request asks (the bedtime screen or the family's avoid-list), as
    /// opposed to a mistake in how it was typed.
    public var isSafetyRefusal: Bool {
        switch self {
        case .unsafeTopic, .avoidedTopic: true
        default: false
        }
    }
}
