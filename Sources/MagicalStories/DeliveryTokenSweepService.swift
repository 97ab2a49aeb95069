import Logging
import ServiceLifecycle
import StoryDomain
import StoryStore

/// Forgets interaction tokens that can no longer be used (``DeliveryTokenSweeping``, on either store): at start,
/// then every `interval`, for the life of the service.
struct DeliveryTokenSweepService: Service {
    let sweeper: any DeliveryTokenSweeping
    let interval: Duration
    let damage: DatabaseDamageMonitor
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
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
}
