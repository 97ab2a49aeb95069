import Logging
import StoryDomain

/// What the story pipeline and the worker pool say in the log: one line per job run (retries
/// and failures say why), and the pipeline's events an operator acts on.
struct StoryRunLog: Sendable {
    let pipeline: Logger
    let workers: Logger

    /// A pipeline event: a picture painted by the fallback, a refused or abandoned delivery, an unsafe draft.
    func event(_ event: PipelineEvent) {
        switch event {
        case let .illustrationFellBack(story, page, error):
            pipeline.warning("picture failed; painted by the built-in illustrator instead",
                             metadata: ["story": "\(story)", "page": "\(page)", "error": "\(error)"])
        case let .deliveryRefused(story, reason):
            pipeline.error("the platform refused the story in every form; the family was told kindly",
                           metadata: ["story": "\(story)", "reason": "\(reason)"])
        case let .deliveryAbandoned(story, error):
            pipeline.error("the story could not be shown after every attempt; it stays in the library",
                           metadata: ["story": "\(story)", "error": "\(error)"])
        case let .unsafeDraft(story, category, repairing):
            pipeline.notice(repairing ? "bedtime screen refused a draft; asking the writer once more"
                                      : "bedtime screen refused the repaired draft; the story fails",
                            metadata: ["story": "\(story)", "category": "\(category)"])
        case let .leaseExpiriesExhausted(story, expiries):
            pipeline.error("processes stopped while making the story; it is given up and the family told",
                           metadata: ["story": "\(story)", "lease_expiries": "\(expiries)"])
        }
    }

    /// How one job run ended.
    func outcome(_ outcome: StoryPipeline.Outcome, of job: StoryJob) {
        let metadata: Logger.Metadata = ["story": "\(job.storyID)", "attempt": "\(job.attempts)"]
        switch outcome {
        case .delivered:
            workers.info("story finished", metadata: metadata)
        case let .willRetry(at, error):
            workers.warning("story paused; will retry", metadata: metadata.merging(
                ["error": "\(error)", "retry_at": "\(at)"]) { $1 })
        case let .failed(reason):
            workers.error("story failed after retries", metadata: metadata.merging(["reason": "\(reason.rawValue)"]) { $1 })
        case .dropped:
            workers.info("story deleted before it was made", metadata: metadata)
        case .interrupted:
            workers.notice("story interrupted by shutdown; resumes on next start", metadata: metadata)
        case .leaseLost:
            workers.warning("this process froze past the story's lease; another process makes it", metadata: metadata)
        }
    }

    /// A job queue error (a broken database), retried by the pool.
    func queueError(_ error: any Error) {
        workers.error("job queue error; retrying", metadata: ["error": "\(error)"])
    }
}
