import Foundation
import StoryDomain

/// The domain's storage ports in memory, with the rules the SQLite store keeps in its schema
/// and transactions: one job per story and per platform request (``DeliveryAddress/requestID``),
/// the daily quota counted and recorded with the story (a story marked failed by the service's
/// fault gets its use back), families taking turns in the job queue, content-addressed pictures shared between stories, and
/// deleting that cascades as the foreign keys do. Every method is atomic (an actor call), like
/// one transaction.
///
/// One value serves as ``StoryRepository``, ``StoryJobQueue``, ``CollectionStore``,
/// ``FamilySettingsStore``, ``ChatTranscriptStore`` and ``FamilyDataStore``, because forgetting
/// a family reaches into all of them. Tests can make the next calls of a method fail
/// (``failNext(_:times:with:)``) to stand in for a broken disk.
public actor InMemoryStore {
    struct StoredStory {
        var story: Story
        /// Insertion order: the tie-breaker SQLite's rowid gives.
        var sequence: Int
    }

    struct StoredJob {
        var job: StoryJob
        var requestKey: String?
    }

    struct QuotaUse {
        var platform: Platform
        var requesterID: String
        var storyID: StoryID?
        var usedAt: Date
        var refunded: Bool
        var pool: DailyQuota.Pool
    }

    struct StoredEntry {
        var position: Int
        var theme: String
        var question: String
        var storyID: StoryID?
    }

    struct StoredCollection {
        var collection: GrowthCollection
        var entries: [StoredEntry]
        var sequence: Int
    }

    struct StoredMessage {
        var entry: TranscriptEntry
        var sequence: Int
    }

    let clock: any WallClock
    var families: Set<FamilyRef> = []
    var stories: [StoryID: StoredStory] = [:]
    var pages: [StoryID: [Int: StoryPage]] = [:]
    var images: [ImageID: StoredImage] = [:]
    /// Each picture's chat form, when one was kept (deleted with the picture, as the foreign key does).
    var chatForms: [ImageID: ChatForm] = [:]
    var jobs: [Int64: StoredJob] = [:]
    var nextJobID: Int64 = 1
    var quotaUses: [QuotaUse] = []
    var collectionsByID: [CollectionID: StoredCollection] = [:]
    var readingDays: [FamilyRef: Set<Date>] = [:]
    var achievements: [FamilyRef: [String: Date]] = [:]
    var settingsByFamily: [FamilyRef: FamilySettings] = [:]
    var messages: [String: StoredMessage] = [:]
    var sequence = 0
    var faults: [String: (remaining: Int, error: any Error)] = [:]
    /// When each collection entry (`collection`, `position`) was remade (a failed story replaced).
    var remakes: [(collection: CollectionID, position: Int, at: Date)] = []
    /// The queue's turn of each family (the larger, the more recently one of its jobs was taken).
    var jobTurns: [FamilyRef: Int] = [:]

    /// - Parameter clock: the time stories and jobs are stored at (as the SQLite store reads it).
    public init(clock: any WallClock) {
        self.clock = clock
    }

    // MARK: Faults

    /// Makes the next `times` calls of the method named `method` (as `#function` spells it, e.g.
    /// `"claimNext(now:)"` or `"setStatus(_:for:reason:)"`) throw `error` without changing anything.
    public func failNext(_ method: String, times: Int = 1, with error: any Error = TestDoubleError.scripted("storage")) {
        faults[method] = (times, error)
    }

    /// Throws the fault scripted for the calling method, if any.
    func checkFault(_ method: String = #function) throws {
        guard let fault = faults[method] else { return }
        faults[method] = fault.remaining > 1 ? (fault.remaining - 1, fault.error) : nil
        throw fault.error
    }

    func nextSequence() -> Int {
        sequence += 1
        return sequence
    }

    // MARK: Inspection

    /// Every job, oldest first (for assertions).
    public var allJobs: [StoryJob] { jobs.values.map(\.job).sorted { $0.id < $1.id } }

    public func job(id: Int64) -> StoryJob? { jobs[id]?.job }

    /// The quota uses of a person that still count (not refunded), on every day.
    public func quotaUsesCounting(for requester: Requester, on platform: Platform) -> Int {
        quotaUses.filter { $0.platform == platform && $0.requesterID == requester.userID && !$0.refunded }.count
    }

    /// Every stored picture's id.
    public var imageIDs: Set<ImageID> { Set(images.keys) }

    // MARK: Shared rules

    /// Inserts a story and its job (the SQLite store's `insert` inside a transaction): the quota
    /// is checked and recorded first, and nothing is stored when any rule refuses.
    func insert(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) throws -> StoryJob {
        let now = clock.now()
        if let quota {
            let used = started(by: story.requester, on: story.family.platform, since: quota.day(containing: now).start, pool: quota.pool)
            try quota.admit(used: used, at: now)
        }
        guard stories[story.id] == nil else { throw InMemoryStoreError.constraint("story \(story.id) exists") }
        let requestKey = delivery.requestID.map { "\(delivery.platform):\($0)" }
        if let requestKey, jobs.values.contains(where: { $0.requestKey == requestKey }) {
            throw InMemoryStoreError.constraint("a job exists for request \(requestKey)")
        }
        var stored = story
        // As read back from storage: never read yet, linked to a collection only by its entry.
        stored.readAt = nil
        stored.collection = nil
        stored.request.safetyRepair = false
        families.insert(story.family)
        stories[story.id] = StoredStory(story: stored, sequence: nextSequence())
        if let quota {
            quotaUses.append(QuotaUse(platform: story.family.platform, requesterID: story.requester.userID, storyID: story.id,
                                      usedAt: now, refunded: false, pool: quota.pool))
        }
        let job = StoryJob(id: nextJobID, storyID: story.id, status: .queued, attempts: 0, delivery: delivery, notBefore: now,
                           lastError: nil)
        nextJobID += 1
        jobs[job.id] = StoredJob(job: job, requestKey: requestKey)
        return job
    }

    /// Quota uses of `pool` not refunded since `since`.
    func started(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool) -> Int {
        quotaUses.filter {
            $0.platform == platform && $0.requesterID == requester.userID && $0.usedAt >= since && !$0.refunded && $0.pool == pool
        }.count
    }

    /// The story as read back: with its place in a collection.
    func readBack(_ id: StoryID) -> Story? {
        guard var story = stories[id]?.story else { return nil }
        for stored in collectionsByID.values {
            if let entry = stored.entries.first(where: { $0.storyID == id }) {
                story.collection = CollectionLink(collectionID: stored.collection.id, position: entry.position,
                                                  storyCount: stored.collection.storyCount, question: entry.question)
            }
        }
        return story
    }

    /// Deletes stories with their pages and jobs, then the pictures no remaining page uses.
    /// Quota uses are kept (so deleting gives nothing back); collection entries lose the story.
    func delete(stories ids: [StoryID]) -> Int {
        var deleted = 0
        for id in ids {
            let pictures = Set((pages[id] ?? [:]).values.compactMap(\.imageID))
            guard stories.removeValue(forKey: id) != nil else { continue }
            deleted += 1
            pages[id] = nil
            jobs = jobs.filter { $0.value.job.storyID != id }
            for index in quotaUses.indices where quotaUses[index].storyID == id { quotaUses[index].storyID = nil }
            for (collectionID, var stored) in collectionsByID {
                for index in stored.entries.indices where stored.entries[index].storyID == id { stored.entries[index].storyID = nil }
                collectionsByID[collectionID] = stored
            }
            let stillUsed = Set(pages.values.flatMap { $0.values.compactMap(\.imageID) })
            for picture in pictures where !stillUsed.contains(picture) {
                images[picture] = nil
                chatForms[picture] = nil
            }
        }
        return deleted
    }

    static func summary(_ story: Story) -> StorySummary {
        StorySummary(story)
    }
}

/// A rule of the store refused a change (SQLite: a constraint failed); nothing was changed.
public enum InMemoryStoreError: Error, Equatable, Sendable {
    case constraint(String)
}
