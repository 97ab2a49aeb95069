import Logging
import ServiceLifecycle
import StoryDomain
import StoryStore

/// Forgets interaction tokens that can no longer be used (``DeliveryTokenSweeping``, on either store): at start,
/// then every `interval`, for the life of the service, on one process at a time
/// (``SingletonTaskRunner``; another takes over when that one dies).
struct DeliveryTokenSweepService: Service {
    let sweeper: any DeliveryTokenSweeping
    let interval: Duration
    let damage: DatabaseDamageMonitor
    let logger: Logger
    /// Chooses the one process that sweeps.
    let tasks: any SingletonTaskRunner

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await tasks.run("delivery-token-sweep") { await sweep() }
        }
    }

    /// Sweeps every `interval` until cancelled.
    private func sweep() async {
        while !Task.isCancelled {
            do {
                let forgotten = try await sweeper.sweep()
                if forgotten > 0 { logger.debug("interaction tokens forgotten", metadata: ["jobs": "\(forgotten)"]) }
            } catch is CancellationError {
                return
            } catch {
                damage.report(error)
                logger.warning("forgetting old interaction tokens failed; trying again later", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }
}
