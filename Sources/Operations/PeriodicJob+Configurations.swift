import Logging
import StoryDomain
import StoryStore

/// The service's periodic jobs, each a ``PeriodicJob`` with its work and its log lines.
extension PeriodicJob {
    /// Writes the audit entry for each premium grant that runs out, a few minutes after it does.
    /// (Expired grants stop counting at once; this only keeps the audit log complete.)
    public static func premiumExpiry(entitlements: EntitlementService, logger: Logger, tasks: any SingletonTaskRunner,
                                     interval: Duration = .seconds(300), clock: C) -> PeriodicJob {
        PeriodicJob(name: "premium-expiry", interval: interval, clock: clock, tasks: tasks, work: {
            for grant in try await entitlements.recordExpiries() {
                logger.notice("premium expired", metadata: ["target": "\(grant.target)", "grant": "\(grant.id)"])
            }
        }, failed: { error in
            logger.warning("could not record premium expiries", metadata: ["error": "\(error)"])
        })
    }

    /// Forgets interaction tokens that can no longer be used (``DeliveryTokenSweeping``, on
    /// either store); a failure is also reported to `damage` (a damaged database fails `/ready`).
    public static func deliveryTokenSweep(sweeper: any DeliveryTokenSweeping, damage: DatabaseDamageMonitor, logger: Logger,
                                          tasks: any SingletonTaskRunner, interval: Duration = .seconds(60), clock: C) -> PeriodicJob {
        PeriodicJob(name: "delivery-token-sweep", interval: interval, clock: clock, tasks: tasks, work: {
            let forgotten = try await sweeper.sweep()
            if forgotten > 0 { logger.debug("interaction tokens forgotten", metadata: ["jobs": "\(forgotten)"]) }
        }, failed: { error in
            damage.report(error)
            logger.warning("forgetting old interaction tokens failed; trying again later", metadata: ["error": "\(error)"])
        })
    }

    /// Keeps every web chat room's transcript within its retention (the newest `keepMessages`,
    /// none older than `keepDays`), also in rooms nobody writes in any more (a room that gets a
    /// message forgets its oldest at once). `apply` deletes what is too old and says how much.
    public static func transcriptRetention(apply: @escaping @Sendable () async throws -> Int, keepMessages: Int, keepDays: Int,
                                           logger: Logger, tasks: any SingletonTaskRunner,
                                           interval: Duration = .seconds(6 * 3_600), clock: C) -> PeriodicJob {
        PeriodicJob(name: "transcript-retention", interval: interval, clock: clock, tasks: tasks, work: {
            let deleted = try await apply()
            if deleted > 0 {
                logger.info("web chat: old messages deleted", metadata: [
                    "deleted": "\(deleted)", "keep_messages": "\(keepMessages)", "keep_days": "\(keepDays)",
                ])
            }
        }, failed: { error in
            logger.error("web chat: could not apply the transcript's retention", metadata: ["error": "\(error)"])
        })
    }
}
