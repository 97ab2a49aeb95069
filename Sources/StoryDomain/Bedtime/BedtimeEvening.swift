import Foundation

/// Where one schedule's evening stands, as the store records it.
public enum BedtimeEveningState: Sendable, Equatable {
    /// Nothing done yet.
    case waiting
    /// A process claimed the evening at `since` and is making the story.
    case making(since: Date)
    /// Tonight's story is made, not yet posted.
    case made(StoryID)
    case posted
    /// Not posted: too late after a downtime, or the story could not be made.
    case skipped
}

/// What the scheduler does next for one evening.
public enum BedtimeStep: Sendable, Equatable {
    /// Nothing to do before `until`.
    case wait(until: Date)
    /// Claim the evening and make the story now (a few minutes ahead, or late after a downtime).
    case make
    /// Post the made story's page 1 now.
    case post(StoryID)
    /// The family's grown-ups approve stories first: hold the made story for their yes (once)
    /// and follow how that ends; the approval desk posts it by ``ApprovalRules``.
    case hold(StoryID)
    /// Too late (the service was down): record the evening as skipped, to tell the grown-ups.
    case skip(lateBy: TimeInterval)
    /// Posted or skipped already.
    case done
}

/// The pure state machine of one schedule's evening: due-to-make (``BedtimeTiming/makeLead``
/// ahead) → made → posted at the minute; after a downtime, posted on start when at most
/// ``BedtimeTiming/latestPost`` late, otherwise skipped. With approval on
/// (``BedtimeTiming/holdsForApproval``) a made story is held for the grown-ups' yes at once,
/// whatever the time: the approval's rules decide whether and when it is posted. Time is given,
/// never read.
public struct BedtimeEvening: Sendable {
    public let occurrence: BedtimeOccurrence
    public let timing: BedtimeTiming

    public init(_ occurrence: BedtimeOccurrence, timing: BedtimeTiming) {
        self.occurrence = occurrence
        self.timing = timing
    }

    /// When the story should be started.
    public var makeAt: Date { occurrence.instant.addingTimeInterval(-timing.makeLead) }
    /// The last moment it may still be posted.
    public var postBy: Date { occurrence.instant.addingTimeInterval(timing.latestPost) }

    /// The step for `state` at `now`.
    public func step(_ state: BedtimeEveningState, now: Date) -> BedtimeStep {
        switch state {
        case .posted, .skipped:
            return .done
        case let .made(story) where timing.holdsForApproval:
            return .hold(story)
        case _ where now > postBy:
            return .skip(lateBy: now.timeIntervalSince(occurrence.instant))
        case .waiting:
            return now < makeAt ? .wait(until: makeAt) : .make
        case let .making(since):
            // Another process is making it; taken over when that claim has gone quiet.
            let takeOver = since.addingTimeInterval(timing.claimStaleAfter)
            return now >= takeOver ? .make : .wait(until: min(takeOver, postBy.addingTimeInterval(1)))
        case let .made(story):
            return now < occurrence.instant ? .wait(until: occurrence.instant) : .post(story)
        }
    }
}
