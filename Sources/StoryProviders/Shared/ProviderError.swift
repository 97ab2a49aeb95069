import Foundation
import StoryDomain

/// What went wrong talking to a model provider, classified for retries and for families.
/// Descriptions never contain keys.
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The provider asks us to slow down; `retryAfter` is its hint, when it gave one.
    case rateLimited(provider: String, retryAfter: Duration?)
    /// A quota that will not come back soon (a daily quota, insufficient credit).
    case quotaExhausted(provider: String, detail: String)
    /// The request itself was refused (bad key, unknown model, invalid argument): retrying won't help.
    case rejected(provider: String, status: Int, detail: String)
    /// The provider failed on its side (5xx) or the connection did.
    case unavailable(provider: String, status: Int?, detail: String)
    /// No answer within the time allowed.
    case timedOut(provider: String)
    /// HTTP 200 but the prompt or the output was blocked for safety.
    case blocked(provider: String, reason: String)
    /// HTTP 200 but the output stopped early (token limit) or was empty or unreadable.
    case unusableOutput(provider: String, reason: String)
    /// The output was readable but broke the story's rules (page count, lengths, words).
    case invalidStory(provider: String, reason: String)

    public var description: String {
        switch self {
        case let .rateLimited(provider, retryAfter): "\(provider): rate limited" + (retryAfter.map { " (retry after \($0))" } ?? "")
        case let .quotaExhausted(provider, detail): "\(provider): quota exhausted (\(detail))"
        case let .rejected(provider, status, detail): "\(provider): request rejected (\(status)): \(detail)"
        case let .unavailable(provider, status, detail): "\(provider): unavailable" + (status.map { " (\($0))" } ?? "") + ": \(detail)"
        case let .timedOut(provider): "\(provider): timed out"
        case let .blocked(provider, reason): "\(provider): blocked for safety (\(reason))"
        case let .unusableOutput(provider, reason): "\(provider): unusable output (\(reason))"
        case let .invalidStory(provider, reason): "\(provider): story broke the rules (\(reason))"
        }
    }

    /// Whether the same call may succeed later.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .unavailable, .timedOut, .unusableOutput: true
        case .quotaExhausted, .rejected, .blocked, .invalidStory: false
        }
    }
}

extension ProviderError: TransientAwareError {
    /// For the job: a later run may succeed unless the request or content was refused.
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .unavailable, .timedOut, .unusableOutput, .quotaExhausted: true
        case .rejected, .blocked, .invalidStory: false
        }
    }

    public var failureReason: StoryFailureReason {
        switch self {
        case .blocked, .invalidStory: .unsafeContent
        default: .writerFailed
        }
    }
}
