import Foundation
import Logging
import Operations
import ServiceLifecycle
import StoryBot
import StoryDomain

extension MagicalStoriesApp {
    /// Bedtime schedules (issue 34): the `/bedtime` commands' service and the runner that posts
    /// tonight's story on time. One process posts each evening, also with several processes on
    /// PostgreSQL (the evenings' conditional marks).
    static func bedtime(_ settings: BedtimeSettings, store: AppStore, stories: StoryService, policy: FamilyPolicy, cast: CastService,
                        transports: [any ChatTransport], approvals: ApprovalDesk, clock: any WallClock, logger: Logger) -> BedtimeRunner {
        let scheduling = BedtimeScheduling(store: store.bedtimeSchedules, rules: settings.rules, timing: settings.timing, clock: clock)
        return BedtimeRunner(scheduling: scheduling, maker: BedtimeStoryMaker(stories: stories, policy: policy, cast: cast), stories: stories,
                             policy: policy, transports: transports, approvals: approvals, clock: clock, claimant: store.lease.owner, logger: logger)
    }
}

/// Runs the ``BedtimeRunner`` for the life of the service.
struct BedtimeService: Service {
    let runner: BedtimeRunner

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await runner.run()
        }
    }
}
