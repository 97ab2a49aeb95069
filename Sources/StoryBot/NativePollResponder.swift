import Foundation
import StoryDomain

/// A responder whose platform can ask the family's vote as its own native poll (Discord), not
/// with buttons: the poll is a message of its own in the input's channel, and its votes arrive
/// as ``PollBallot``s (``CommandRouter/countPollBallot(_:)``).
public protocol NativePollResponder: ChatResponder {
    /// Posts `vote` as a native poll running until its end (`now` to ``ChapterVote/endsAt``, in
    /// the platform's units): the poll's message id, or nil when the platform cannot post one
    /// here (the bot lacks the permission), and the vote is asked with buttons instead.
    func askPoll(_ vote: ChapterVote, now: Date) async throws -> String?
}
