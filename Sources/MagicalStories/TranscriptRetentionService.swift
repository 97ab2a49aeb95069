import Foundation
import Logging
import ServiceLifecycle
import StoryDomain
import WebChat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps every room's transcript within its retention, also in rooms nobody writes in any more
/// (a room that gets a message forgets its oldest at once): at start, then every six hours, on
/// one process at a time (``SingletonTaskRunner``; another takes over when that one dies).
struct TranscriptRetentionService: Service {
    let hub: WebChatRoomHub
    let logger: Logger
    /// Chooses the one process that applies the retention.
    let tasks: any SingletonTaskRunner
    var every = Duration.seconds(6 * 3_600)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await tasks.run("transcript-retention") { await applyRetention() }
        }
    }

    /// Applies the retention every `every` until cancelled.
    private func applyRetention() async {
        while !Task.isCancelled {
            do {
                let deleted = try await hub.applyRetention()
                if deleted > 0 {
                    logger.info("web chat: old messages deleted", metadata: [
                        "deleted": "\(deleted)", "keep_messages": "\(hub.retention.keepMessages)", "keep_days": "\(hub.retention.keepDays)",
                    ])
                }
            } catch is CancellationError {
                break  // shutting down
            } catch {
                logger.error("web chat: could not apply the transcript's retention", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: every)
        }
    }
}

/// The process's open-file limit, raised to what the web chat's connection cap needs.
enum FileDescriptorLimit {
    /// Raises the soft limit towards the hard one so `needed` descriptors fit; returns the soft
    /// limit now in force (nil when it cannot be read).
    @discardableResult
    static func raise(toFit needed: Int) -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let wanted = rlim_t(max(0, needed))
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
