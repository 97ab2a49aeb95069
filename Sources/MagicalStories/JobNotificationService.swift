import Logging
import ServiceLifecycle
import StoryDomain
import StoryStorePostgres

/// On PostgreSQL, wakes this process's idle workers when any process queues a job (`LISTEN`),
/// for the life of the service. Workers also poll every second, so a lost notification delays
/// a story by at most that.
struct JobNotificationService: Service {
    let database: PostgresDatabase
    let pool: StoryWorkerPool
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await database.listenForJobs(listening: { [logger] in logger.debug("listening for new jobs") },
                                         wake: { [pool] in pool.wake() })
        }
    }
}
