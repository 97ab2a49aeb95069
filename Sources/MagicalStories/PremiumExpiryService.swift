import Logging
import ServiceLifecycle
import StoryDomain
import StoryStorePostgres

/// Writes the audit entry for each premium grant that runs out, a few minutes after it does.
/// (Expired grants stop counting at once; this only keeps the audit log complete.) On
/// PostgreSQL one process at a time does it (``PostgresDatabase/asLeader(of:retry:leading:_:)``),
/// and another takes over when that one dies.
struct PremiumExpiryService: Service {
    let entitlements: EntitlementService
    let logger: Logger
    /// The shared database, when several processes may run.
    var postgres: PostgresDatabase?
    var interval: Duration = .seconds(300)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            if let postgres {
                await postgres.asLeader(of: "premium-expiry") { await recordExpiries() }
            } else {
                await recordExpiries()
            }
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
