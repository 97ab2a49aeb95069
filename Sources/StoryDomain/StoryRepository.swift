import Foundation

/// Persistence of stories, pages and pictures. Each method is one transaction.
public protocol StoryRepository: Sendable {
    /// Stores a new story and its generation job together, atomically. With a quota, the
    /// requester's uses of the quota's pool since the start of its day
    /// (``DailyQuota/day(containing:)`` at the store's now) are counted in the same transaction,
    /// ``DailyQuota/admit(used:at:)`` decides, and this story's use is recorded in that pool. The
    /// record outlives the story (deleting gives no quota back); only
    /// ``markFailed(_:reason:refundingQuota:)`` with `refundingQuota` gives it back.
    func createStory(_ story: Story, delivery: DeliveryAddress, quota: DailyQuota?) async throws -> StoryJob
    func story(_ id: StoryID) async throws -> Story?
    /// Quota uses of the person on the platform in `pool` since `since` (deleted stories
    /// included, refunded ones excluded).
    func storiesStarted(by requester: Requester, on platform: Platform, since: Date, pool: DailyQuota.Pool) async throws -> Int
    /// Saves the written text (title, sheet, every page) and moves the story to `illustrating`.
    /// Idempotent: pages already saved are kept. With a `claim`, only while the claim holds the
    /// story's job (else nothing is saved and ``JobLeaseLost`` is thrown; see ``JobClaim``).
    func saveText(_ written: WrittenStory, for id: StoryID, heldBy claim: JobClaim?) async throws
    /// Saves a page's picture, with the form chats are sent it in when given (kept once: a
    /// picture already stored keeps the form it has), and links it to the page. With a `claim`,
    /// only while the claim holds the story's job (else ``JobLeaseLost``, nothing saved).
    func saveIllustration(_ illustration: Illustration, chatForm: ChatForm?, for id: StoryID, page: Int,
                          heldBy claim: JobClaim?) async throws -> ImageID
    func pages(of id: StoryID) async throws -> [StoryPage]
    /// The story and one page, or nil if either does not exist.
    func pageSnapshot(_ id: StoryID, page: Int) async throws -> PageSnapshot?
    /// The story and one page with the page's picture as chats are sent it
    /// (``PageSnapshot/picture``: its ``ChatForm``), for a platform that sends the picture
    /// itself. A store whose separate picture read costs nothing more, or a picture with no form
    /// kept yet, leaves `picture` nil (the default): the caller then reads it by id.
    func pageSnapshotWithPicture(_ id: StoryID, page: Int) async throws -> PageSnapshot?
    /// Sets the status (and reason). Never gives a quota use back (see ``markFailed(_:reason:refundingQuota:)``).
    /// With a `claim`, in one statement only while the claim holds the story's job (else
    /// ``JobLeaseLost``, nothing changed).
    func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?, heldBy claim: JobClaim?) async throws
    /// Marks the story failed with `reason` and, in the same transaction, gives its quota use
    /// back when `refundingQuota` (the failure was the service's fault: see
    /// ``StoryFailureReason/refundsQuota``); otherwise the use is kept. With a `claim`, only while
    /// the claim holds the story's job (else ``JobLeaseLost``, nothing changed).
    func markFailed(_ id: StoryID, reason: String, refundingQuota: Bool, heldBy claim: JobClaim?) async throws
    /// The family's stories, newest first; a chain of chapters is one entry (its first kept
    /// chapter, listing them all in ``StorySummary/chapters``), placed by its newest chapter,
    /// and `total` counts entries.
    func library(of family: FamilyRef, offset: Int, limit: Int) async throws -> LibraryPage
    /// The kept chapters of the chain named `seriesID` (its first chapter's id, which may be
    /// deleted) in the family, in reading order (chapter number; the first chapter is 1).
    func chapters(ofSeries seriesID: StoryID, in family: FamilyRef) async throws -> [StorySummary]
    /// Stories whose title contains `text` (for autocomplete and `/story read`).
    func findStories(in family: FamilyRef, matching text: String, limit: Int) async throws -> [StorySummary]
    /// Deletes the story, its pages, job and pictures no other story uses. False if it did not exist.
    func deleteStory(_ id: StoryID) async throws -> Bool
    func image(_ id: ImageID) async throws -> StoredImage?
    /// The picture as chats are sent it (its kept ``ChatForm`` applied: the copy with the
    /// picture's id and size, or the stored picture); nil when no form was kept for it yet or
    /// there is no such picture.
    func chatPicture(_ id: ImageID) async throws -> StoredImage?
    /// Keeps the form chats are sent the picture in; nothing when one is kept already (the first
    /// stays) or the picture no longer exists.
    func saveChatForm(_ form: ChatForm, of id: ImageID) async throws
    /// The story made for a platform's request (``DeliveryAddress/requestID``), if any.
    func story(forRequest requestID: String, on platform: Platform) async throws -> StoryID?
}

/// The durable queue of generation jobs.
public protocol StoryJobQueue: Sendable {
    /// The lease this queue's process takes jobs under.
    var lease: JobLease { get }
    /// Takes a runnable job (queued and due) and marks it running, taking turns by family (a
    /// Discord server, a web chat room): the family with the fewest jobs running, and among
    /// those the one whose last job was taken longest ago (never first), gets its oldest job.
    /// One family's long queue so delays another family's first story by at most one story.
    ///
    /// The job is leased to this queue's process (``JobLease``): `lockedBy` is its owner and
    /// `leaseUntil` when the lease ends unless ``renewLeases()`` extends it.
    func claimNext(now: Date) async throws -> StoryJob?
    /// Jobs whose lease expired (their process died, or stopped renewing) go back to the queue,
    /// due at once (no backoff: the family is waiting), their ``StoryJob/leaseExpiries`` counted
    /// and the dead process's claim not counted in ``StoryJob/attempts``; jobs other processes
    /// hold under a live lease are left alone. Run at start and now and then while running.
    /// Returns how many went back.
    func requeueInterrupted() async throws -> Int
    /// How long until the earliest lease of a running job ends, by the clock that times the
    /// leases (the database's on PostgreSQL): zero or less when one has ended already, nil when
    /// no job is running. The worker pool sweeps then, so a dead process's jobs are back in the
    /// queue as soon as their lease ends rather than at the next periodic sweep.
    func untilNextLeaseExpiry() async throws -> Duration?
    /// The heartbeat: extends the lease of every job this queue's process holds. Returns how many.
    @discardableResult
    func renewLeases() async throws -> Int
    /// Extends this process's lease on one job before the run writes or shows something; throws
    /// ``JobLeaseLost`` when the job is no longer this process's (it froze past the lease and the
    /// job went back to the queue). A lease that ran out but that nobody took is held again.
    func holdLease(_ jobID: Int64) async throws
    /// Gives a job this process holds back to the queue at once (the service is stopping); the
    /// claim is not counted in ``StoryJob/attempts``.
    func release(_ jobID: Int64) async throws
    /// The job's story was delivered (or its failure reported): it is done. Throws
    /// ``JobLeaseLost`` (and changes nothing) unless this process holds the job.
    func finish(_ jobID: Int64) async throws
    /// The story reached the family (page 1 shown): a resumed job will not deliver it again.
    /// Throws ``JobLeaseLost`` (and changes nothing) unless this process holds the job.
    func markDelivered(_ jobID: Int64, at date: Date) async throws
    /// Puts the job back to run again no earlier than `notBefore`; a job this process no longer
    /// holds is left as it is (another process runs it, or it is queued to run now).
    func retry(_ jobID: Int64, notBefore: Date, error: String) async throws
    func job(for storyID: StoryID) async throws -> StoryJob?
    /// Where the job's story is delivered from now on (its message got an id, or moved); left as
    /// it is while another process holds the job.
    func updateDelivery(_ jobID: Int64, to delivery: DeliveryAddress) async throws
}

extension StoryRepository {
    /// Quota uses of stories that call a model (``DailyQuota/Pool/models``) since `since`.
    public func storiesStarted(by requester: Requester, on platform: Platform, since: Date) async throws -> Int {
        try await storiesStarted(by: requester, on: platform, since: since, pool: .models)
    }

    /// Saves a page's picture with no chat form (chosen the first time it is sent).
    public func saveIllustration(_ illustration: Illustration, for id: StoryID, page: Int) async throws -> ImageID {
        try await saveIllustration(illustration, chatForm: nil, for: id, page: page, heldBy: nil)
    }

    /// Saves a page's picture whoever holds the story's job (tools and tests).
    public func saveIllustration(_ illustration: Illustration, chatForm: ChatForm?, for id: StoryID, page: Int) async throws -> ImageID {
        try await saveIllustration(illustration, chatForm: chatForm, for: id, page: page, heldBy: nil)
    }

    /// Saves the text whoever holds the story's job (tools and tests).
    public func saveText(_ written: WrittenStory, for id: StoryID) async throws {
        try await saveText(written, for: id, heldBy: nil)
    }

    /// Sets the status whoever holds the story's job (tools and tests).
    public func setStatus(_ status: StoryStatus, for id: StoryID, reason: String?) async throws {
        try await setStatus(status, for: id, reason: reason, heldBy: nil)
    }

    /// Marks the story failed whoever holds the story's job (tools and tests).
    public func markFailed(_ id: StoryID, reason: String, refundingQuota: Bool) async throws {
        try await markFailed(id, reason: reason, refundingQuota: refundingQuota, heldBy: nil)
    }

    /// The page without its picture: SQLite reads a picture as cheaply apart, and the caller's
    /// picture cache then saves turning back and forth from reading it again.
    public func pageSnapshotWithPicture(_ id: StoryID, page: Int) async throws -> PageSnapshot? {
        try await pageSnapshot(id, page: page)
    }
}
