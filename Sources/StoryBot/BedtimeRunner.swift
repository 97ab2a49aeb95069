import Foundation
import Logging
import StoryDomain

/// Tonight's story, on time: for every family's bedtime schedules, makes the story a few minutes
/// ahead (``BedtimeStoryMaker``) and posts "🌙 Story time" with page 1 at the minute, exactly once
/// per schedule per evening (the store's conditional marks; ``BedtimeEvening`` decides each
/// step). A story that could not be made, or a bedtime missed by more than 30 minutes, is
/// recorded and told to the grown-ups in their next `/bedtime show`, never to the children.
/// When the family's grown-ups approve stories first, the story is made 30 minutes ahead and
/// held at the ``ApprovalDesk``, which posts it by ``ApprovalRules`` (BedtimeRunner+Approval.swift).
public struct BedtimeRunner: Sendable {
    public let scheduling: BedtimeScheduling
    let maker: BedtimeStoryMaker
    let stories: StoryService
    let policy: FamilyPolicy
    let transports: [Platform: any ChatTransport]
    /// Where stories wait for a grown-up's yes (nil: approval is not offered).
    let approvals: ApprovalDesk?
    let clock: any WallClock
    /// This process's name in the evenings' claims.
    let claimant: String
    let logger: Logger
    let renderer = ReplyRenderer()
    /// Asks the vote on what happens next after a one-page story is posted.
    var votes: ChapterVoteAsker {
        ChapterVoteAsker(stories: stories, policy: policy, bedtime: scheduling, logger: logger)
    }
    /// The longest nap between rounds: schedules set by another process are seen within it.
    public var longestNap: TimeInterval = 60
    /// While a made story is still being written at bedtime, it is looked at again this often.
    public var storyPoll: TimeInterval = 5

    public init(scheduling: BedtimeScheduling, maker: BedtimeStoryMaker, stories: StoryService, policy: FamilyPolicy,
                transports: [any ChatTransport], approvals: ApprovalDesk? = nil, clock: any WallClock, claimant: String, logger: Logger) {
        self.scheduling = scheduling
        self.approvals = approvals
        self.maker = maker
        self.stories = stories
        self.policy = policy
        self.transports = transportsByPlatform(transports)
        self.clock = clock
        self.claimant = claimant
        self.logger = logger
    }

    /// Runs rounds until cancelled, sleeping on the injected clock until the next due instant.
    public func run() async {
        while !Task.isCancelled {
            let wake = await round()
            let nap = min(longestNap, wake.timeIntervalSince(clock.now()))
            // Already due (time moved on during the round): look again at once.
            guard nap > 0 else {
                await Task.yield()
                continue
            }
            do {
                try await clock.sleep(for: .milliseconds(Int64((nap * 1000).rounded(.up))))
            } catch {
                return
            }
        }
    }

    /// One look at every schedule: does what is due now. Returns when the next thing is due.
    @discardableResult
    public func round() async -> Date {
        let now = clock.now()
        var wake = now.addingTimeInterval(longestNap)
        let schedules: [BedtimeSchedule]
        do {
            schedules = try await scheduling.store.allSchedules()
        } catch is CancellationError {
            return wake // shutting down: nothing to tell
        } catch {
            logger.warning("could not read the bedtime schedules", metadata: ["error": "\(error)"])
            return wake
        }
        for schedule in schedules {
            do {
                wake = min(wake, try await advance(schedule, now: now))
            } catch is CancellationError {
                return wake // shutting down: the evening's marks say where a restart picks up
            } catch {
                logger.warning("bedtime step failed; tried again soon", metadata: ["schedule": "\(schedule.id)", "error": "\(error)"])
            }
        }
        return wake
    }

    /// Takes the schedule's evening in play one step; returns when to look again.
    func advance(_ schedule: BedtimeSchedule, now: Date) async throws -> Date {
        let calendar = BedtimeCalendar(zone: try await policy.timeZone(of: schedule.family))
        var timing = try await timing(of: schedule.family)
        // The evening in play: the latest whose making time has come (and that began after the
        // schedule was set), else the next one.
        if let current = calendar.latest(schedule, atOrBefore: now.addingTimeInterval(timing.makeLead)), current.instant > schedule.createdAt {
            let state = try await scheduling.store.evening(schedule.id, evening: current.evening)?.state ?? .waiting
            // Held once, followed to its end even if approval was turned off since.
            if case .made = state, try await isHeld(schedule, evening: current.evening) { timing.holdsForApproval = true }
            let evening = BedtimeEvening(current, timing: timing)
            if let again = try await act(evening.step(state, now: now), evening: evening, schedule: schedule, now: now) { return again }
        }
        guard let next = calendar.next(schedule, after: now) else { return now.addingTimeInterval(longestNap) }
        return BedtimeEvening(next, timing: timing).makeAt
    }

    /// How far ahead the family's stories are made: ``BedtimeTiming/approvalMakeLead`` when its
    /// grown-ups approve stories first (the family's `approval:on` setting, where they can be asked).
    func timing(of family: FamilyRef) async throws -> BedtimeTiming {
        guard let approvals else { return scheduling.timing.approval(false) }
        let settings = try await policy.settings.settings(for: family)
        return scheduling.timing.approval(approvals.holdsBedtime(of: family, settings: settings))
    }

    /// Does one step; returns when to look again, or nil when this evening is done.
    private func act(_ step: BedtimeStep, evening: BedtimeEvening, schedule: BedtimeSchedule, now: Date) async throws -> Date? {
        let store = scheduling.store
        let key = evening.occurrence.evening
        switch step {
        case .done:
            return nil
        case let .wait(until):
            return until
        case let .skip(lateBy):
            if try await store.markSkipped(schedule.id, evening: key, reason: BedtimeEveningRecord.lateReason, at: now) {
                logger.notice("bedtime missed while the service was down; the grown-ups will be told",
                              metadata: ["schedule": "\(schedule.id)", "evening": "\(key)", "late_s": "\(Int(lateBy))"])
            }
            return nil
        case .make:
            let staleBefore = now.addingTimeInterval(-evening.timing.claimStaleAfter)
            guard try await store.claim(schedule.id, evening: key, by: claimant, at: now, staleBefore: staleBefore) else { return now }
            do {
                let story = try await maker.make(for: schedule)
                _ = try await store.markMade(schedule.id, evening: key, story: story.id, by: claimant)
                logger.info("bedtime story made ahead", metadata: ["schedule": "\(schedule.id)", "story": "\(story.id)"])
            } catch {
                try await failed(schedule, evening: key, reason: error, now: now)
            }
            return now
        case let .post(id):
            return try await post(id, schedule: schedule, evening: key, now: now)
        case let .hold(id):
            return try await hold(id, evening: evening, schedule: schedule, now: now)
        }
    }

    /// Posts the made story once its page 1 (with its picture) is ready; looks again soon while it is being made.
    private func post(_ id: StoryID, schedule: BedtimeSchedule, evening: String, now: Date) async throws -> Date? {
        guard let story = try await stories.story(id, family: schedule.family) else {
            try await failed(schedule, evening: evening, reason: StoryServiceError.storyNotFound, now: now)
            return nil
        }
        if story.status == .failed {
            try await failed(schedule, evening: evening, reason: StoryServiceError.storyNotFound, now: now)
            return nil
        }
        guard story.isReadable, let snapshot = try await stories.page(id, number: 1, family: schedule.family),
              snapshot.page.imageID != nil || story.status == .ready || story.request.illustrations == .off
        else { return now.addingTimeInterval(storyPoll) }
        guard let transport = transports[schedule.family.platform] else {
            logger.warning("no chat to post a bedtime story in", metadata: ["platform": "\(schedule.family.platform)"])
            return nil
        }
        // Marked first: a crash between the mark and the post loses one evening's post, never doubles it.
        guard try await scheduling.store.markPosted(schedule.id, evening: evening, at: now) else { return nil }
        var reply = renderer.page(snapshot)
        reply.text = "🌙 Story time!" + (reply.text.map { "\n\n" + $0 } ?? "")
        reply.isPrivate = false
        let address = DeliveryAddress(platform: schedule.family.platform, channelID: schedule.channelID)
        let outcome = try await transport.deliver(reply, to: address, isFinal: true)
        logger.info("bedtime story posted", metadata: ["schedule": "\(schedule.id)", "story": "\(id)", "evening": "\(evening)"])
        // A one-page story's page 1 is its last: the family's vote on what happens next follows it.
        if case let .shown(moved) = outcome {
            await votes.askAfterDelivery(of: snapshot.story, at: moved ?? address, via: transport)
        }
        return nil
    }

    /// Records the evening as not posted, for the grown-ups' next `/bedtime show`.
    private func failed(_ schedule: BedtimeSchedule, evening: String, reason: any Error, now: Date) async throws {
        logger.warning("bedtime story could not be made; the grown-ups will be told",
                       metadata: ["schedule": "\(schedule.id)", "evening": "\(evening)", "error": "\(reason)"])
        _ = try await scheduling.store.markSkipped(schedule.id, evening: evening, reason: String(describing: type(of: reason)), at: now)
    }
}
