import Operations
import Foundation
import Logging
import ServiceLifecycle
import StoryDomain
import StoryStore

/// The parts of the app an admin operates: the service lock, the state probe behind
/// `/metrics`, `/health` and `/ready`, and the port they listen on.
struct OperationsParts: Sendable {
    /// The SQLite service lock (nil on PostgreSQL, which many services share).
    let lock: ServiceLock?
    let probe: OperationsProbe
    let port = BoundPort()
}

extension MagicalStoriesApp {
    /// The port `/metrics`, `/health` and `/ready` listen on, once they do (nil when
    /// `METRICS_ENABLED` is off). With `METRICS_PORT=0` the system picks it.
    public func operationsPort() async -> Int? {
        guard config.operations.metricsEnabled else { return nil }
        return await operations.port.value()
    }

    static func operationsParts(config: AppConfig, lock: ServiceLock?, metrics: ServiceMetrics,
                                parts: OperationsProbe.Parts) -> OperationsParts {
        var providers: Set<String> = []
        switch config.storyProvider {
        case .offline: break
        case .gemini: providers.insert("gemini")
        case .openai: providers.insert("openai")
        }
        switch config.imageProvider {
        case .offline: break
        case .gemini: providers.insert("gemini")
        case .imagen: providers.insert("imagen")
        case .openai: providers.insert("openai")
        }
        metrics.prepare(providers: providers.sorted(), discord: parts.discordBot != nil)
        let probe = OperationsProbe(parts: parts, metrics: metrics, readyProbe: parts.store.keyValues)
        return OperationsParts(lock: lock, probe: probe)
    }

    /// The operations listener and the backup schedule, as configured.
    func operationsServices() -> [ServiceGroupConfiguration.ServiceConfiguration] {
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        let settings = config.operations
        if settings.metricsEnabled {
            let server = OperationsServer(host: settings.metricsHost, port: settings.metricsPort, limits: config.webChatLimits,
                                          metrics: metrics,
                                          probe: operations.probe, logger: logger.labeled("operations"))
            let (port, logger) = (operations.port, logger)
            let application = server.application { bound in
                logger.info("metrics and health ready", metadata: ["url": "http://\(settings.metricsHost):\(bound)/metrics"])
                await port.set(bound)
            }
            services.append(.init(service: ListeningService(base: application, what: "metrics and health listener",
                                                            host: settings.metricsHost, port: settings.metricsPort,
                                                            settings: ("METRICS_HOST", "METRICS_PORT")),
                                  // Not cancelled: the others stop gracefully, without stray errors in the log.
                                  failureTerminationBehavior: .gracefullyShutdownGroup))
        }
        if settings.backupDirectory != nil, config.databaseURL != nil {
            logger.labeled("backup").warning(
                "BACKUP_DIRECTORY is set, but the store is PostgreSQL: back it up with pg_dump (docs/postgresql.md); no backups scheduled")
        } else if let directory = settings.backupDirectory {
            services.append(.init(service: BackupScheduler(databasePath: config.databasePath, directory: directory,
                                                           interval: settings.backupInterval, keep: settings.backupKeep,
                                                           recorded: { [metrics] in metrics.backup(succeeded: $0, at: $1) },
                                                           logger: logger.labeled("backup"))))
        }
        return services
    }
}
