/// Why a story could not be made, in categories the bot can explain kindly.
public enum StoryFailureReason: String, Sendable, Equatable, Codable {
    /// The writer gave nothing usable (blocked, empty, malformed) after retries.
    case writerFailed
    /// The illustrator failed after retries.
    case illustratorFailed
    /// The generated text did not pass the safety check.
    case unsafeContent
    /// Anything else (storage, a bug).
    case internalError
    /// The family's or the service's model calls for the day were used up.
    case modelBudgetSpent

    /// Whether a story that failed for this reason gives its quota slot back: only when it was
    /// the service's fault (a provider down, slow, limited or misconfigured; storage; the day's
    /// budget). A refusal after model calls (the provider's safety block, a written text the
    /// bedtime screen or the family's avoid-list refused) keeps the slot, so refused themes are
    /// not free retries. A stop (shutdown) never fails a story: its job resumes.
    public var refundsQuota: Bool {
        self != .unsafeContent
    }
}

/// A step in a story's making, reported to whoever shows progress to the family.
public enum StoryProgress: Sendable, Equatable {
    case writing
    /// Painting page 1 (later pages are painted after page 1 is shown and are not announced).
    case painting(page: Int, of: Int)
    /// Page 1 has its text and picture: show it now. The other pages are readable already and
    /// their pictures follow. This is the story's delivery.
    case firstPage
    /// Every picture is painted (nothing new to show).
    case ready
    case failed(StoryFailureReason)
}

/// How the pictures after page 1 are painted.
public enum IllustrationStrategy: Sendable, Equatable {
    /// One after another, each given the previous page's picture.
    case chained
    /// Up to `concurrency` at once, each given page 1's picture as the reference for the hero.
    case anchored(concurrency: Int)
}

/// Things worth a log line that are not failures.
public enum PipelineEvent: Sendable, Equatable {
    /// A page's picture failed at the main illustrator and was painted by the fallback.
    case illustrationFellBack(story: StoryID, page: Int, error: String)
    /// The platform refused page 1 in every form; the family was told kindly.
    case deliveryRefused(story: StoryID, reason: String)
    /// The story could not be shown after every delivery attempt; it stays in the library.
    case deliveryAbandoned(story: StoryID, error: String)
    /// The bedtime screen refused a written text (only its category is known, never the words).
    /// When `repairing`, the writer is asked once more; else the story fails.
    case unsafeDraft(story: StoryID, category: SafetyCategory, repairing: Bool)
    /// The processes working the story died or froze under it `expiries` times (a poison job):
    /// it is given up and the family told kindly.
    case leaseExpiriesExhausted(story: StoryID, expiries: Int)
}

/// Shows a story's progress and result on the platform it was asked on.
public protocol StoryProgressListener: Sendable {
    /// Called for every step. Errors thrown for `.firstPage` and `.failed` make the job retry its
    /// delivery later (they are failures worth retrying: the platform down or rate limited);
    /// errors for other steps are ignored. The outcome tells whether a message carrying the
    /// reply was accepted, and where the story's message lives from now on.
    func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws -> DeliveryOutcome
}

/// An error that knows whether trying again could help. Errors that do not conform are
/// treated as transient.
public protocol TransientAwareError: Error {
    var isTransient: Bool { get }
    var failureReason: StoryFailureReason { get }
}
