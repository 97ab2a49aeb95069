import Foundation
import StoryDomain

extension InMemoryStore: StoryRepository {
    public func createStory(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) async throws -> StoryJob {
        try checkFault()
        return try insert(story, delivery: delivery, quota: quota)
    }

    public func story(_ id: StoryID) async throws -> Story? {
        try checkFault()
        return readBack(id)
    }

    public func storiesStarted(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool) async throws -> Int {
        try checkFault()
        return started(by: requester, on: platform, since: since, pool: pool)
    }

    public func saveText(_ written: WrittenStory, for id: StoryID, heldBy claim: JobClaim?) async throws {
        try checkFault()
        try requireHeld(claim, story: id)
        guard stories[id] != nil else { throw InMemoryStoreError.constraint("no story \(id) for its pages") }
        stories[id]?.story.title = written.title
        stories[id]?.story.sheet = written.sheet
        stories[id]?.story.status = .illustrating
        var saved = pages[id] ?? [:]
        for (index, page) in written.pages.enumerated() where saved[index + 1] == nil {
            saved[index + 1] = StoryPage(storyID: id, number: index + 1, text: page.text, scene: page.scene,
                                         imagePrompt: page.imagePrompt, imageID: nil)
        }
        pages[id] = saved
    }

    public func saveIllustration(_ illustration: Illustration, chatForm: ChatForm?, for id: StoryID, page: Int,
                                 heldBy claim: JobClaim?) async throws -> ImageID {
        try checkFault()
        try requireHeld(claim, story: id)
        let imageID = FakeContentAddress.imageID(of: illustration.data)
        if images[imageID] == nil {
            images[imageID] = StoredImage(id: imageID, contentType: illustration.contentType, data: illustration.data,
                                          width: illustration.width, height: illustration.height)
        }
        if let chatForm, chatForms[imageID] == nil { chatForms[imageID] = chatForm }
        pages[id]?[page]?.imageID = imageID
        return imageID
    }

    public func pages(of id: StoryID) async throws -> [StoryPage] {
        try checkFault()
        return (pages[id] ?? [:]).values.sorted { $0.number < $1.number }
    }

    public func pageSnapshot(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try checkFault()
        guard let story = readBack(id), let page = pages[id]?[page] else { return nil }
        return PageSnapshot(story: story, page: page)
    }

    public func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?, heldBy claim: JobClaim?) async throws {
        try checkFault()
        try requireHeld(claim, story: id)
        guard let old = stories[id]?.story.status else { return }
        _ = old
        stories[id]?.story.status = status
        stories[id]?.story.failureReason = reason
    }

    public func markFailed(_ id: StoryID, reason: String, refundingQuota: Bool, heldBy claim: JobClaim?) async throws {
        try checkFault()
        try requireHeld(claim, story: id)
        guard stories[id] != nil else { return }
        stories[id]?.story.status = .failed
        stories[id]?.story.failureReason = reason
        if refundingQuota {
            for index in quotaUses.indices where quotaUses[index].storyID == id { quotaUses[index].refunded = true }
        }
    }

    public func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage {
        try checkFault()
        // A chain of chapters is one entry, placed by its newest chapter.
        var series: [StoryID] = []
        for story in newestFirst(in: family) {
            let id = story.request.chapter?.seriesID ?? story.id
            if !series.contains(id) { series.append(id) }
        }
        let items = series.dropFirst(max(0, offset)).prefix(max(0, limit)).compactMap { id in
            StorySummary.libraryEntry(ofChain: self.chain(id, in: family))
        }
        return LibraryPage(items: Array(items), total: series.count, offset: offset)
    }

    public func chapters(ofSeries seriesID: StoryID, in family: FamilyRef) async throws -> [StorySummary] {
        try checkFault()
        return chain(seriesID, in: family)
    }

    private func chain(_ seriesID: StoryID, in family: FamilyRef) -> [StorySummary] {
        stories.values.filter { $0.story.family == family && ($0.story.id == seriesID || $0.story.request.chapter?.seriesID == seriesID) }
            .sorted { ($0.story.request.chapter?.number ?? 1, $0.sequence) < ($1.story.request.chapter?.number ?? 1, $1.sequence) }
            .compactMap { readBack($0.story.id) }.map(Self.summary)
    }

    public func findStories(in family: FamilyRef, matching text: String, limit: Int) async throws -> [StorySummary] {
        try checkFault()
        // SQLite's LIKE: case-insensitive, "" matches everything.
        func matches(_ field: String) -> Bool { text.isEmpty || field.range(of: text, options: .caseInsensitive) != nil }
        return newestFirst(in: family).filter { matches($0.title ?? "") || matches($0.request.theme) }
            .prefix(max(0, limit)).map(Self.summary)
    }

    public func deleteStory(_ id: StoryID) async throws -> Bool {
        try checkFault()
        return delete(stories: [id]) > 0
    }

    public func image(_ id: ImageID) async throws -> StoredImage? {
        try checkFault()
        return images[id]
    }

    public func chatPicture(_ id: ImageID) async throws -> StoredImage? {
        try checkFault()
        guard let stored = images[id], let form = chatForms[id] else { return nil }
        return form.picture(of: stored)
    }

    public func saveChatForm(_ form: ChatForm, of id: ImageID) async throws {
        try checkFault()
        guard images[id] != nil, chatForms[id] == nil else { return }
        chatForms[id] = form
    }

    public func story(forRequest requestID: String, on platform: Platform) async throws -> StoryID? {
        try checkFault()
        let key = "\(platform):\(requestID)"
        return jobs.values.first { $0.requestKey == key }?.job.storyID
    }

    /// The family's stories, newest first (ties: the later stored first).
    private func newestFirst(in family: FamilyRef) -> [Story] {
        stories.values.filter { $0.story.family == family }
            .sorted { ($0.story.createdAt, $0.sequence) > ($1.story.createdAt, $1.sequence) }
            .compactMap { readBack($0.story.id) }
    }

    /// As the databases: a write under `claim` is refused (``JobLeaseLost``, nothing changed)
    /// unless the claim's owner runs the story's job.
    private func requireHeld(_ claim: JobClaim?, story id: StoryID) throws {
        guard let claim else { return }
        guard jobs[claim.jobID]?.job.storyID == id else { throw JobLeaseLost(jobID: claim.jobID) }
        try requireHeld(claim.jobID, by: JobLease(owner: claim.owner))
    }
}
