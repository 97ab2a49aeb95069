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
}

/// A step in a story's making, reported to whoever shows progress to the family.
public enum StoryProgress: Sendable, Equatable {
    case writing
    case painting(page: Int, of: Int)
    case ready
    case failed(StoryFailureReason)
}

/// Shows a story's progress and result on the platform it was asked on.
public protocol StoryProgressListener: Sendable {
    /// Called for every step. Errors thrown for `.ready` and `.failed` make the job retry its
    /// delivery later; errors for intermediate steps are ignored.
    func story(_ story: Story, didProgress progress: StoryProgress, delivery: DeliveryAddress) async throws
}

/// An error that knows whether trying again could help. Errors that do not conform are
/// treated as transient.
public protocol TransientAwareError: Error {
    var isTransient: Bool { get }
    var failureReason: StoryFailureReason { get }
}
