import Dispatch
import Foundation
import Logging
import ServiceLifecycle
import StoryStore

/// Scheduled backups (`BACKUP_DIR`, `BACKUP_EVERY`, `BACKUP_KEEP`): one every interval, counted
/// from the newest backup already in the folder (so a restart neither skips nor repeats one),
/// keeping the newest few. A failed backup is logged and tried again at the next interval.
public struct BackupScheduler: Service {
    let databasePath: String
    let directory: String
    let interval: Duration
    let keep: Int
    /// Told whether each backup succeeded, and when (seconds since 1970), for metrics.
    let recorded: @Sendable (_ succeeded: Bool, _ at: Double) -> Void
    let logger: Logger

    public init(databasePath: String, directory: String, interval: Duration, keep: Int,
                recorded: @escaping @Sendable (_ succeeded: Bool, _ at: Double) -> Void, logger: Logger) {
        self.databasePath = databasePath
        self.directory = directory
        self.interval = interval
        self.keep = keep
        self.recorded = recorded
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var due = nextDue(after: BackupTool.newestBackupDate(in: directory))
            while !Task.isCancelled {
                let wait = due.timeIntervalSinceNow
                if wait > 0 {
                    do { try await Task.sleep(for: .milliseconds(Int64(wait * 1000))) } catch { return }
                }
                await backUp()
                due = nextDue(after: Date())
            }
        }
    }

    private func nextDue(after last: Date?) -> Date {
        guard let last else { return Date() }
        return last.addingTimeInterval(Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
    }

    /// One backup, on a thread of its own: copying a large database must not hold up the
    /// service's tasks.
    private func backUp() async {
        let (databasePath, directory, keep) = (databasePath, directory, keep)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<(BackupSummary, [String]), BackupError>, Never>) in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: Result { () throws(BackupError) in
                    try BackupTool.backup(databasePath: databasePath, into: directory, keep: keep)
                })
            }
        }
        switch result {
        case let .success((summary, removed)):
            recorded(true, Date().timeIntervalSince1970)
            logger.info("backup made", metadata: ["file": "\(summary.path)", "stories": "\(summary.stories)",
                                                   "pictures": "\(summary.pictures)", "bytes": "\(summary.bytes)",
                                                   "removed": "\(removed.count)"])
        case let .failure(error):
            recorded(false, Date().timeIntervalSince1970)
            logger.error("backup failed; trying again at the next interval", metadata: ["error": "\(error)"])
        }
    }
}
