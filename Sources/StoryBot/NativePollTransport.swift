import Foundation
import StoryDomain

/// A transport whose platform can ask the family's vote as its own native poll (Discord, where
/// the bot may send polls in the channel), not with buttons.
public protocol NativePollTransport: ChatTransport {
    /// Posts `vote` as a native poll in the channel of `address` (a delivered story's message):
    /// the poll's message id, or nil when the platform cannot post one there.
    func askPoll(_ vote: ChapterVote, at address: DeliveryAddress, now: Date) async throws -> String?
}
