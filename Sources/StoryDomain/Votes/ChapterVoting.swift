import Foundation

/// The family's vote on what happens next: opened at the end of a chapter, ballots cast and
/// changed, closed when the next chapter is made or a grown-up closes it. The winner is the
/// theme of the next chapter (``winningChoice(series:family:)``).
public struct ChapterVoting: Sendable {
    private let store: any ChapterVoteStore
    private let clock: any WallClock
    private let maker: NextChoiceMaker
    /// Told of every vote this service closed (a Discord poll is ended early with End Poll).
    private let closed: @Sendable (ChapterVote) async -> Void

    public init(store: any ChapterVoteStore, clock: any WallClock, maker: NextChoiceMaker = NextChoiceMaker(),
                closed: @escaping @Sendable (ChapterVote) async -> Void = { _ in }) {
        self.store = store
        self.clock = clock
        self.maker = maker
        self.closed = closed
    }

    /// How long a vote runs when no bedtime is set.
    public static let defaultLength: TimeInterval = 24 * 3600
    /// The shortest and longest vote (Discord polls run 1 to 768 whole hours).
    public static let lengthRange: ClosedRange<TimeInterval> = 3600...(768 * 3600)

    /// When a vote opened `now` ends: at the next bedtime (kept within ``lengthRange``), else a day later.
    public static func endDate(openedAt now: Date, nextBedtime: Date?) -> Date {
        guard let nextBedtime, nextBedtime > now else { return now.addingTimeInterval(defaultLength) }
        let length = min(max(nextBedtime.timeIntervalSince(now), lengthRange.lowerBound), lengthRange.upperBound)
        return now.addingTimeInterval(length)
    }

    /// Opens the vote at the end of `chapter` in `channelID`. The chain's open vote is returned
    /// as it is when it already asks about this chapter; one about an earlier chapter is closed
    /// first. Choices: `modelChoices` when given (already screened), else the built-in ones,
    /// with the choices a tie left for later offered first. Throws ``ChapterVoteError/noChoices``
    /// when fewer than two fit.
    public func open(after chapter: Story, channelID: String, earlierThemes: [String], avoid: [String],
                     modelChoices: [NextChoice]? = nil, nextBedtime: Date? = nil) async throws -> ChapterVote {
        let series = chapter.request.chapter?.seriesID ?? chapter.id
        var latest = try await store.latestVote(series: series, family: chapter.family)
        if let open = latest, open.closedAt == nil {
            if open.storyID == chapter.id { return open }
            let closed = try await close(open)
            latest = closed == nil ? try await store.vote(open.id) : closed
        }
        let choices = modelChoices ?? builtInChoices(after: chapter.id, earlierThemes: earlierThemes, avoid: avoid,
                                                     leftByTie: latest.map(Self.leftByTie) ?? [])
        guard choices.count >= NextChoice.countRange.lowerBound else { throw ChapterVoteError.noChoices }
        let now = clock.now()
        var generator = SystemRandomNumberGenerator()
        let vote = ChapterVote(id: StoryID.random(using: &generator).rawValue, family: chapter.family, seriesID: series,
                               storyID: chapter.id, channelID: channelID, choices: choices, openedAt: now,
                               endsAt: Self.endDate(openedAt: now, nextBedtime: nextBedtime))
        if try await store.open(vote) { return vote }
        // Another process opened the chain's vote at the same moment: that one is the vote.
        guard let other = try await store.openVote(series: series, family: chapter.family) else { throw ChapterVoteError.notFound }
        return other
    }

    /// Built-in choices with the tie's later choices first (those still fresh and allowed).
    private func builtInChoices(after story: StoryID, earlierThemes: [String], avoid: [String], leftByTie: [NextChoice]) -> [NextChoice] {
        let used = Set(earlierThemes.map { $0.lowercased() })
        let carried = leftByTie.filter { !used.contains($0.theme.lowercased()) && AvoidListMatcher(avoid).firstMatch(in: [$0.theme]) == nil }
        let fresh = maker.builtInChoices(after: story, earlierThemes: earlierThemes + carried.map(\.theme), avoid: avoid)
        return Array((carried + fresh).prefix(NextChoice.countRange.upperBound))
    }

    /// The choices a closed vote's tie left for later ("then …").
    static func leftByTie(_ vote: ChapterVote) -> [NextChoice] {
        guard vote.closedAt != nil, let outcome = vote.outcome, outcome.isTie, vote.winner == outcome.first else { return [] }
        return outcome.then.map { vote.choices[$0] }
    }

    /// Casts (or changes) `member`'s ballot; the vote with its counts after it.
    public func cast(_ choice: Int, by member: String, in voteID: String) async throws -> ChapterVote {
        guard let vote = try await store.vote(voteID) else { throw ChapterVoteError.notFound }
        let now = clock.now()
        _ = try vote.casting(choice, by: member, at: now)
        guard try await store.cast(voteID, member: member, choice: choice, at: now) else { throw ChapterVoteError.closed }
        return try await store.vote(voteID) ?? vote
    }

    /// Takes back `member`'s ballot (only when it was for `choice`, when given); the vote after it.
    public func withdraw(by member: String, choice: Int? = nil, in voteID: String) async throws -> ChapterVote {
        guard let vote = try await store.vote(voteID) else { throw ChapterVoteError.notFound }
        _ = try await store.withdraw(voteID, member: member, choice: choice, at: clock.now())
        return try await store.vote(voteID) ?? vote
    }

    /// The current time on the injected clock (whether a vote still takes ballots).
    public var now: Date { clock.now() }

    /// The vote, nil when unknown.
    public func vote(_ id: String) async throws -> ChapterVote? {
        try await store.vote(id)
    }

    /// The vote a platform message asks, nil when none.
    public func vote(messageID: String) async throws -> ChapterVote? {
        try await store.vote(messageID: messageID)
    }

    /// The chain's open vote, if any.
    public func openVote(series: StoryID, family: FamilyRef) async throws -> ChapterVote? {
        try await store.openVote(series: series, family: family)
    }

    /// Remembers the message that asks the question: true for the one caller that names it
    /// first (the others do not ask again).
    public func attach(_ voteID: String, messageID: String, isPoll: Bool) async throws -> Bool {
        try await store.attach(voteID, messageID: messageID, isPoll: isPoll)
    }

    /// The choice the chain's open vote leads with (what the next chapter follows), nil when
    /// there is no open vote or nobody voted.
    public func winningChoice(series: StoryID, family: FamilyRef) async throws -> (vote: ChapterVote, choice: NextChoice)? {
        guard let vote = try await store.openVote(series: series, family: family), let choice = vote.winningChoice else { return nil }
        return (vote, choice)
    }

    /// Ends a platform poll that asks `vote` without closing the vote (a second poll posted when
    /// two readers asked at once): the platform is told as for a closed vote.
    public func endPoll(_ vote: ChapterVote) async {
        guard vote.isPoll else { return }
        await closed(vote)
    }

    /// Closes the vote (the next chapter was made, or a grown-up closed it): the vote as closed
    /// with its winner when this call closed it, nil when it was closed already or unknown.
    /// `pollEnded`: the platform ended the vote's poll itself (its time ran out), so it is not
    /// told to end it; the others (the web chat's message) are told as ever.
    @discardableResult
    public func close(_ vote: ChapterVote, pollEnded: Bool = false) async throws -> ChapterVote? {
        guard let fresh = try await store.vote(vote.id), fresh.closedAt == nil else { return nil }
        let now = clock.now()
        let closed = fresh.closing(at: now)
        guard try await store.close(vote.id, winner: closed.winner, at: now) else { return nil }
        if !(pollEnded && closed.isPoll) { await self.closed(closed) }
        return closed
    }
}
