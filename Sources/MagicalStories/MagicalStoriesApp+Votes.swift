import DiscordAdapter
import Logging
import Operations
import StoryBot
import StoryDomain
import Synchronization

extension MagicalStoriesApp {
    /// The family's votes on what happens next, on the app's store: a chapter follows its
    /// chain's winner, and making it closes the vote; `closed` hears of every vote closed (a
    /// platform's poll ends early).
    static func chapterVoting(store: AppStore, clock: any WallClock, closed: VoteClosedRelay) -> ChapterVoting {
        ChapterVoting(store: store.chapterVotes, clock: clock, closed: { vote in await closed.closed(vote) })
    }

    /// Discord's part in closing votes: a vote asked as a native poll ends it with End Poll.
    static func endingPolls(_ discord: DiscordParts?, relay: VoteClosedRelay, logger: Logger) {
        guard let discord else { return }
        let closer = DiscordPollCloser(rest: discord.rest, logger: logger)
        relay.add { vote in await closer.end(vote) }
    }

    /// The web chat's part in closing votes: the buttons on everyone's screen show the outcome.
    static func showingClosedVotes(on transport: any ChatTransport, relay: VoteClosedRelay, logger: Logger) {
        let refresher = VoteMessageRefresher(transport: transport, logger: logger)
        relay.add { vote in await refresher.closed(vote) }
    }
}

/// Tells the chat platforms of every vote the service closed (a Discord poll is ended early).
/// Made before the platforms (the votes live in the story service, which they need); each
/// platform joins once it is built.
final class VoteClosedRelay: Sendable {
    private let listeners = Mutex<[@Sendable (ChapterVote) async -> Void]>([])

    func add(_ listener: @escaping @Sendable (ChapterVote) async -> Void) {
        listeners.withLock { $0.append(listener) }
    }

    func closed(_ vote: ChapterVote) async {
        for listener in listeners.withLock({ $0 }) { await listener(vote) }
    }
}
