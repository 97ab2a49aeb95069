import Foundation

extension StoryService {
    /// The story tonight's chapter continues: the last chapter of `chosen`'s chain, or of the
    /// chain of the family's newest finished story when nothing is chosen. Read-only.
    /// Throws ``ChapterError`` when there is nothing to continue yet or the next chapter is
    /// already being written.
    public func storyToContinue(_ chosen: Story?, family: FamilyRef) async throws -> (previous: Story, chain: [StorySummary]) {
        var start = chosen
        if start == nil {
            let newest = try await repository.findStories(in: family, matching: "", limit: 50)
                .first { $0.status == .ready || $0.status == .illustrating }
            guard let newest else { throw ChapterError.noStoryYet }
            start = try await story(newest.id, family: family)
        }
        guard let start else { throw ChapterError.noStoryYet }
        let chain = try await chapters(of: start)
        if let writing = chain.last(where: { $0.status == .queued || $0.status == .writing }) {
            throw ChapterError.chapterOnItsWay(title: writing.title, number: writing.chapterOrder)
        }
        guard let last = chain.last(where: { $0.status == .ready || $0.status == .illustrating }),
              let previous = try await story(last.id, family: family)
        else { throw ChapterError.notReadable(title: start.displayTitle) }
        return (previous, chain)
    }

    /// The kept chapters of the chain `story` belongs to, in reading order (just the story when
    /// it has no chapters).
    public func chapters(of story: Story) async throws -> [StorySummary] {
        let series = story.request.chapter?.seriesID ?? story.id
        let chain = try await repository.chapters(ofSeries: series, in: story.family)
        return chain.isEmpty ? [StorySummary(story)] : chain
    }

    /// The chapter after `story` in its chain, if one is kept (a deleted chapter is skipped).
    public func chapter(after story: Story) async throws -> StorySummary? {
        let order = story.request.chapter?.number ?? 1
        return try await chapters(of: story).first { $0.chapterOrder > order }
    }

    /// Tonight's chapter after `previous` (the last chapter of `chain`): the same request (hero,
    /// age, companion, pages within today's limits, language) with a new theme, the whole
    /// character sheet kept (cast and world), and the link to the chain. Validated like any
    /// request (the family's current rules apply); nothing is stored yet.
    public func prepareChapter(after previous: Story, chain: [StorySummary], requester: Requester, limits: StoryLimits,
                               seed: UInt64? = nil) async throws -> Story {
        var generator = SystemRandomNumberGenerator()
        let seed = seed ?? generator.next()
        let planner = ChapterPlanner()
        var earlierThemes = [previous.request.theme]
        for entry in chain where entry.id != previous.id {
            if let chapter = try await repository.story(entry.id) { earlierThemes.append(chapter.request.theme) }
        }
        let request = previous.request
        // The family's vote chose what happens next: its winning choice (writer text, screened)
        // is the chapter's theme; the built-in writer tells it in the choice's plot turn.
        let voted = try await votes?.winningChoice(series: request.chapter?.seriesID ?? previous.id, family: previous.family)?.choice.theme
        let allowed = voted.flatMap { AvoidListMatcher(limits.avoidList).firstMatch(in: [$0]) == nil ? $0 : nil }
        let theme = allowed ?? planner.theme(seed: seed, earlierThemes: earlierThemes, avoid: limits.avoidList)
        let draft = StoryRequestDraft(theme: theme,
                                      heroName: request.heroName, age: String(request.age), companion: request.companion,
                                      pages: String(min(request.pageCount, limits.maxPages)), language: request.language.rawValue,
                                      pronouns: request.heroPronouns?.rawValue)
        var story = try prepareStory(draft, family: previous.family, requester: requester, limits: limits, seed: seed)
        story.request.heroSheet = (previous.sheet ?? request.heroSheet)?.forNextChapter
        // The same cast: what the last chapter kept out (its members' sensitivities), this one does too.
        story.request.alsoAvoiding(request.avoid)
        // A chapter of a children's story is children's too, whoever asks for it.
        if request.isForChildren { story.request.audience = .children }
        let pages = try await repository.pages(of: previous.id)
        story.request.chapter = ChapterLink(
            seriesID: request.chapter?.seriesID ?? previous.id, previousStoryID: previous.id,
            number: (chain.map(\.chapterOrder).max() ?? request.chapter?.number ?? 1) + 1,
            previousTitle: previous.displayTitle,
            previousSummary: planner.summary(of: pages.map(\.text)))
        return story
    }

    /// A chapter was made (stored with its job): its chain's vote on what happens next ends.
    /// Best effort: the chapter stands; a vote left open is closed by the next chapter or a grown-up.
    func closeVote(madeChapter story: Story) async {
        guard let votes, let link = story.request.chapter,
              let open = try? await votes.openVote(series: link.seriesID, family: story.family) else { return }
        _ = try? await votes.close(open)
    }
}
