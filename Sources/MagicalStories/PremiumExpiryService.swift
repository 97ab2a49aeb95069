import Logging
import ServiceLifecycle
import StoryDomain

/// Writes the audit entry for each premium grant that runs out, a few minutes after it does.
/// (Expired grants stop counting at once; this only keeps the audit log complete.) One process
/// at a time does it (``SingletonTaskRunner``: on PostgreSQL, an advisory lock), and another
/// takes over when that one dies.
struct PremiumExpiryService: Service {
    let entitlements: EntitlementService
    let logger: Logger
    /// Chooses the one process that records them.
    let tasks: any SingletonTaskRunner
    var interval: Duration = .seconds(300)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await tasks.run("premium-expiry") { await recordExpiries() }
        }
    }

    /// Records the expiries every `interval` until cancelled.
    private func recordExpiries() async {
        while !Task.isCancelled {
            do {
                for grant in try await entitlements.recordExpiries() {
                    logger.notice("premium expired", metadata: ["target": "\(grant.target)", "grant": "\(grant.id)"])
                }
            } catch is CancellationError {
                break  // shutting down
            } catch {
                logger.warning("could not record premium expiries", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }
}
