import ServiceLifecycle
import StoryBot

/// On PostgreSQL, fills in this process's pages shown "still being painted" when another process
/// saves their picture (``PageFillInRelay``), for the life of the service.
struct PageFillInRelayService: Service {
    let relay: PageFillInRelay

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await relay.run()
        }
    }
}
