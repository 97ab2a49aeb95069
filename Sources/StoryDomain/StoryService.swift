import Foundation

/// Refusals from the story service that are not about the request's fields.
public enum StoryServiceError: Error, Equatable, Sendable {
    case storyNotFound
    /// Only the requester or a server manager may delete a story.
    case notAllowedToDelete
}

/// The family-facing story operations: ask for a story, browse the library, read, delete.
/// Stateless apart from its ports; one instance serves every platform.
public struct StoryService: Sendable {
    let repository: any StoryRepository
    private let writerLanguages: Set<StoryLanguage>
    private let childrenWriterLanguages: Set<StoryLanguage>
    private let clock: any WallClock
    private let jobAdded: @Sendable () -> Void
    private let refusedRequests: RefusedRequestLimit?
    private let modelBudget: ModelCallMeter?
    private let childrenCostNothing: Bool
    /// The family's votes on what happens next: a chapter follows its chain's winning choice,
    /// and making it closes the vote. Nil where votes are not set up.
    public var votes: ChapterVoting?

    /// - Parameters:
    ///   - childrenWriterLanguages: what the writer of children's stories writes, when that is
    ///     another writer (nil: the same).
    ///   - childrenCostNothing: children's stories are written without model calls (the built-in
    ///     writer writes them), so `modelBudget` never refuses them.
    ///   - jobAdded: called after a job is stored (wakes the worker pool).
    ///   - refusedRequests: the daily limit on a person's requests refused before any model call.
    ///   - modelBudget: checked before a story is accepted, when writing it takes model calls
    ///     (nil with the built-in writer: its stories cost nothing, and pictures over the budget
    ///     are painted by the built-in illustrator).
    public init(repository: any StoryRepository, writerLanguages: Set<StoryLanguage>,
                childrenWriterLanguages: Set<StoryLanguage>? = nil, clock: any WallClock,
                refusedRequests: RefusedRequestLimit? = nil, modelBudget: ModelCallMeter? = nil, childrenCostNothing: Bool = false,
                jobAdded: @escaping @Sendable () -> Void) {
        self.childrenCostNothing = childrenCostNothing
        self.repository = repository
        self.writerLanguages = writerLanguages
        self.childrenWriterLanguages = childrenWriterLanguages ?? writerLanguages
        self.clock = clock
        self.refusedRequests = refusedRequests
        self.modelBudget = modelBudget
        self.jobAdded = jobAdded
    }

    /// Runs `prepare` (which validates a request) under the person's daily limit on refused
    /// requests: throws ``TooManyRefusedRequests`` at once when it is reached, and counts a
    /// refusal by the bedtime screen or the avoid-list. Such a refusal costs no story.
    public func screening<T>(_ requester: Requester, on platform: Platform, _ prepare: () throws -> T) async throws -> T {
        try await refusedRequests?.check(requester, on: platform)
        do {
            return try prepare()
        } catch {
            await refusedRequests?.count(error, by: requester, on: platform)
            throw error
        }
    }

    /// Read-only: throws ``TooManyRefusedRequests`` when the person may ask for nothing more today.
    public func checkRefusals(for requester: Requester, on platform: Platform) async throws {
        try await refusedRequests?.check(requester, on: platform)
    }

    /// Read-only: throws ``ModelBudgetExhausted`` when the family's or the service's model calls
    /// for the day are used up and a story's text needs one. A `lookAhead` check (deciding how
    /// to acknowledge) is not reported to the metrics.
    /// A story for children costs nothing when `childrenCostNothing`.
    public func checkModelBudget(for family: FamilyRef, audience: StoryAudience = .family, lookAhead: Bool = false) async throws {
        if audience == .children, childrenCostNothing { return }
        try await modelBudget?.checkBudget(for: family, reporting: !lookAhead)
    }

    /// Validates and cleans the request and gives the story its id; nothing is stored yet.
    /// - Parameter companionMember: the family's cast member the `companion:` names, if any: drawn and
    ///   told as in the cast (its look and the pronouns set there), not guessed from the name.
    public func prepareStory(_ draft: StoryRequestDraft, family: FamilyRef, requester: Requester,
                             limits: StoryLimits, seed: UInt64? = nil, cast: [CastMember] = [],
                             companionMember: CastMember? = nil) throws -> Story {
        var generator = SystemRandomNumberGenerator()
        var request = try StoryRequestValidator(limits: limits).validate(Self.casting(cast, into: draft), seed: seed ?? generator.next())
        if !cast.isEmpty {
            // The named hero leads when not one of the cast; all of them together are at most three.
            let heroIsCast = cast.contains { $0.key == CastMember.key(request.heroName) }
            guard cast.count + (heroIsCast ? 0 : 1) <= CastLimits.maxHeroesPerStory else {
                throw CastError.tooManyHeroes(limit: CastLimits.maxHeroesPerStory)
            }
            // Kept with the story as its sheet's heroes, so the story never changes with the cast.
            let designed = CharacterSheetDesigner().design(for: request)
            request.heroSheet = CharacterSheetDesigner.casting(cast, on: designed, heroName: request.heroName)
        }
        // Each cast member's sensitivities are kept out of the story like the family's avoid-list.
        request.alsoAvoiding((cast + [companionMember].compactMap { $0 }).flatMap { $0.avoid ?? [] })
        if let member = companionMember, member.key != CastMember.key(request.heroName),
           !cast.contains(where: { $0.key == member.key }) {
            var sheet = request.heroSheet ?? CharacterSheetDesigner().design(for: request)
            sheet.companion = CastDesigner().design(member)
            request.heroSheet = sheet
        }
        guard (request.isForChildren ? childrenWriterLanguages : writerLanguages).contains(request.language) else {
            throw StoryRequestError.languageNotSupportedByWriter(request.language)
        }
        return Story(id: .random(using: &generator), family: family, requester: requester, request: request,
                     createdAt: clock.now())
    }

    /// The draft with the first cast member as its hero when it names none (and the leading
    /// child's age when it gives none).
    static func casting(_ cast: [CastMember], into draft: StoryRequestDraft) -> StoryRequestDraft {
        guard let first = cast.first else { return draft }
        var draft = draft
        if (draft.heroName ?? "").trimmingCharacters(in: .whitespaces).isEmpty { draft.heroName = first.name }
        // A child of the cast who leads sets the story's age when none is given.
        let lead = cast.first { $0.key == CastMember.key(draft.heroName ?? "") }
        if (draft.age ?? "").trimmingCharacters(in: .whitespaces).isEmpty, let age = lead?.age, (2...12).contains(age) {
            draft.age = String(age)
        }
        return draft
    }

    /// Stores the story and its generation job in one transaction and wakes the workers.
    /// Returns at once; the story is made in the background and delivered to `delivery`.
    @discardableResult
    public func enqueue(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota? = nil) async throws -> StoryJob {
        let job = try await repository.createStory(story, delivery: delivery, quota: quota)
        jobAdded()
        await closeVote(madeChapter: story)
        return job
    }

    /// The story already asked for by this platform request (seen again after a restart), if any.
    public func story(forRequest requestID: String, on platform: Platform) async throws -> StoryID? {
        try await repository.story(forRequest: requestID, on: platform)
    }

    /// Throws ``QuotaExceeded`` when the requester has no stories left today (read-only; the
    /// binding check happens when the story is stored).
    public func checkQuota(_ quota: DailyQuota, for requester: Requester, on platform: Platform) async throws {
        let now = clock.now()
        let used = try await repository.storiesStarted(by: requester, on: platform, since: quota.day(containing: now).start, pool: quota.pool)
        try quota.admit(used: used, at: now)
    }

    /// ``prepareStory(_:family:requester:limits:seed:)`` then ``enqueue(_:delivery:)``.
    public func requestStory(_ draft: StoryRequestDraft, family: FamilyRef, requester: Requester,
                             delivery: DeliveryAddress, limits: StoryLimits, seed: UInt64? = nil) async throws -> Story {
        let story = try prepareStory(draft, family: family, requester: requester, limits: limits, seed: seed)
        try await enqueue(story, delivery: delivery, quota: limits.dailyQuota)
        return story
    }

    /// A new story with the same request as `original` but a new seed ("another story like this").
    public func prepareAnother(like original: Story, requester: Requester, limits: StoryLimits) throws -> Story {
        let request = original.request
        let draft = StoryRequestDraft(theme: request.theme, heroName: request.heroName, age: String(request.age),
                                      companion: request.companion, pages: String(min(request.pageCount, limits.maxPages)),
                                      language: request.language.rawValue, pronouns: request.heroPronouns?.rawValue)
        var limits = limits
        if request.isForChildren { limits.audience = .children }
        var story = try prepareStory(draft, family: original.family, requester: requester, limits: limits)
        // What the first one kept out (its cast's sensitivities among it), this one keeps out too.
        story.request.alsoAvoiding(request.avoid)
        return story
    }

    /// 🌙 Gentler: the same request (its cast, world and chapter kept) with a new seed, told
    /// calmer (``StoryRequest/gentle``), for the same person.
    public func prepareGentler(like original: Story, limits: StoryLimits) throws -> Story {
        var generator = SystemRandomNumberGenerator()
        var request = original.request
        request.seed = generator.next()
        // The same friends: the hero, companion and friends as drawn (a cast's or a chapter's sheet
        // is kept already); a new seed alone would draw new ones.
        if request.heroSheet == nil { request.heroSheet = original.sheet?.forNextChapter }
        request.gentle = true
        request.safetyRepair = false
        request.pageCount = min(request.pageCount, limits.maxPages)
        return Story(id: .random(using: &generator), family: original.family, requester: original.requester, request: request,
                     createdAt: clock.now())
    }

    public func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage {
        try await repository.library(of: family, offset: max(0, offset), limit: max(1, min(limit, 25)))
    }

    /// A page of a story of this family; nil when the story or the page does not exist here.
    /// - Parameter withPicture: for a platform that sends the picture itself: the store may
    ///   read it with the page (``PageSnapshot/picture``).
    public func page(_ id: StoryID, number: Int, family: FamilyRef, withPicture: Bool = false) async throws -> PageSnapshot? {
        let read = withPicture ? try await repository.pageSnapshotWithPicture(id, page: number)
            : try await repository.pageSnapshot(id, page: number)
        guard let snapshot = read, snapshot.story.family == family else { return nil }
        return snapshot
    }

    public func story(_ id: StoryID, family: FamilyRef) async throws -> Story? {
        guard let story = try await repository.story(id), story.family == family else { return nil }
        return story
    }

    /// Stories of the family whose titles contain `text` (all, newest first, when empty).
    public func findStories(in family: FamilyRef, matching text: String, limit: Int = 25) async throws -> [StorySummary] {
        try await repository.findStories(in: family, matching: TextSanitizer().cleanLine(text), limit: limit)
    }

    /// Deletes a story if the one asking may: its requester or a manager of the family.
    public func deleteStory(_ id: StoryID, family: FamilyRef, by requester: Requester, isManager: Bool) async throws {
        guard let story = try await story(id, family: family) else { throw StoryServiceError.storyNotFound }
        guard isManager || story.requester.userID == requester.userID else { throw StoryServiceError.notAllowedToDelete }
        _ = try await repository.deleteStory(id)
    }

    public func image(_ id: ImageID) async throws -> StoredImage? {
        try await repository.image(id)
    }
}
