import Foundation
import Logging
import Operations
import ServiceLifecycle
import StoryBot
import StoryDomain
import StoryStore
import StoryStorePostgres

extension MagicalStoriesApp {
    /// Bedtime schedules (issue 34): the store on the configured engine, the `/bedtime` commands'
    /// service and the runner that posts tonight's story on time. One process posts each evening,
    /// also with several processes on PostgreSQL (the evenings' conditional marks).
    static func bedtime(store: AppStore, stories: StoryService, policy: FamilyPolicy, cast: CastService, transports: [any ChatTransport],
                        clock: any WallClock, logger: Logger) -> BedtimeRunner {
        let schedules: any BedtimeScheduleStore = switch store.backend {
        case let .sqlite(database): SQLiteBedtimeScheduleStore(database: database, clock: clock)
        case let .postgres(database): PostgresBedtimeScheduleStore(database: database, clock: clock)
        }
        let scheduling = BedtimeScheduling(store: schedules, clock: clock)
        return BedtimeRunner(scheduling: scheduling, maker: BedtimeStoryMaker(stories: stories, policy: policy, cast: cast), stories: stories,
                             policy: policy, transports: transports, clock: clock, claimant: store.lease.owner, logger: logger)
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
