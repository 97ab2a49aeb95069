import Foundation

/// Makes one story from its job: writes the text if it is not saved yet, paints page 1 and
/// delivers it at once, then paints the other pages (chained to the previous picture, or
/// anchored on page 1 in parallel). Every step is saved as it finishes, so running a job again
/// after a crash resumes it. A page whose picture fails gets one from the fallback illustrator.
/// Every story write is made under the run's ``JobClaim`` (the store refuses it once the job is
/// no longer this run's), besides the ``JobLeaseFence`` check that keeps the lease alive.
public struct StoryPipeline: Sendable {
    /// The parts a pipeline works with.
    public struct Parts: Sendable {
        public var repository: any StoryRepository
        public var queue: any StoryJobQueue
        public var writer: any StoryWriter
        public var illustrator: any Illustrator
        /// Paints a page when `illustrator` fails (the built-in illustrator).
        public var fallbackIllustrator: (any Illustrator)?
        public var listener: any StoryProgressListener
        public var usage: (any UsageLedger)?
        /// Told as each picture is saved, so pages already on screen without it fill in.
        public var pictures: (any PagePictureObserver)?
        /// Chooses each picture's chat form as it is saved (the WebP copy chats are sent), so no
        /// page turn encodes; nil: chosen the first time the picture is sent (``ChatPictures``).
        /// A form the illustrator made itself (``Illustration/chatForm``) is kept either way.
        public var chatForms: (any ChatFormEncoder)?

        public init(repository: any StoryRepository, queue: any StoryJobQueue, writer: any StoryWriter,
                    illustrator: any Illustrator, fallbackIllustrator: (any Illustrator)? = nil,
                    listener: any StoryProgressListener, usage: (any UsageLedger)? = nil,
                    pictures: (any PagePictureObserver)? = nil, chatForms: (any ChatFormEncoder)? = nil) {
            self.repository = repository
            self.queue = queue
            self.writer = writer
            self.illustrator = illustrator
            self.fallbackIllustrator = fallbackIllustrator
            self.listener = listener
            self.usage = usage
            self.pictures = pictures
            self.chatForms = chatForms
        }
    }

    let parts: Parts
    let clock: any WallClock
    let retryPolicy: RetryPolicy
    let checker: GeneratedStoryChecker
    let strategy: IllustrationStrategy
    let onEvent: @Sendable (PipelineEvent) -> Void

    public init(parts: Parts, clock: any WallClock, retryPolicy: RetryPolicy = RetryPolicy(),
                checker: GeneratedStoryChecker = GeneratedStoryChecker(), strategy: IllustrationStrategy = .chained,
                onEvent: @escaping @Sendable (PipelineEvent) -> Void = { _ in }) {
        self.parts = parts
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.checker = checker
        self.strategy = strategy
        self.onEvent = onEvent
    }

    /// The common case: every part but the optional ones.
    public init(repository: any StoryRepository, queue: any StoryJobQueue, writer: any StoryWriter,
                illustrator: any Illustrator, listener: any StoryProgressListener, clock: any WallClock,
                retryPolicy: RetryPolicy = RetryPolicy(), checker: GeneratedStoryChecker = GeneratedStoryChecker()) {
        self.init(parts: Parts(repository: repository, queue: queue, writer: writer, illustrator: illustrator, listener: listener),
                  clock: clock, retryPolicy: retryPolicy, checker: checker)
    }

    /// What happened to a job in one run.
    public enum Outcome: Sendable, Equatable {
        case delivered
        case failed(StoryFailureReason)
        /// Failed for now (`error` says why, for the log); runs again at `at`.
        case willRetry(at: Date, error: String)
        /// The story was deleted while its job waited.
        case dropped
        /// The service is stopping: the job goes back to the queue (the worker pool releases its
        /// lease) and resumes on the next start or on another process.
        case interrupted
        /// This process froze past the job's lease and the job went back to the queue, perhaps
        /// to another process: the run stopped without writing or showing anything more.
        case leaseLost
    }

    private var repository: any StoryRepository { parts.repository }
    private var listener: any StoryProgressListener { parts.listener }

    /// Runs the job once. Never throws: failures become a retry or a reported failure.
    @discardableResult
    public func process(_ job: StoryJob) async -> Outcome {
        let route = DeliveryRoute(job: job, queue: parts.queue, fence: JobLeaseFence(jobID: job.id, queue: parts.queue, clock: clock))
        do {
            guard let story = try await repository.story(job.storyID) else {
                // The job may have gone with its story.
                do { try await parts.queue.finish(job.id) } catch is JobLeaseLost {}
                return .dropped
            }
            if story.status == .failed {
                try await show(story, .failed(.internalError), route: route)
                try await parts.queue.finish(job.id)
                return .failed(.internalError)
            }
            if job.leaseExpiries >= retryPolicy.maxLeaseExpiries {
                return try await giveUp(story, afterLeaseExpiries: job, route: route)
            }
            if story.status == .ready {
                // Made before a crash that came before the job was finished.
                try await deliverFirstPage(of: story, job: job, route: route)
            } else {
                let ready = try await generate(story, job: job, route: route)
                _ = try? await show(ready, .ready, route: route)
            }
            try await parts.queue.finish(job.id)
            return .delivered
        } catch is JobLeaseLost {
            return .leaseLost
        } catch {
            if error is CancellationError || Task.isCancelled { return .interrupted }
            return await handle(error, job: job, route: route)
        }
    }

    /// A story whose processes died or froze under it ``RetryPolicy/maxLeaseExpiries`` times
    /// (a poison job: something in it takes the process down) is not made again: it fails as
    /// the service's fault (its quota use given back) and the family is told kindly.
    private func giveUp(_ story: Story, afterLeaseExpiries job: StoryJob, route: DeliveryRoute) async throws -> Outcome {
        onEvent(.leaseExpiriesExhausted(story: story.id, expiries: job.leaseExpiries))
        try await route.fence.check()
        try await repository.markFailed(story.id, reason: "its process stopped \(job.leaseExpiries) times while making it",
                                        refundingQuota: true, heldBy: route.fence.claim)
        if let failed = try await repository.story(story.id) {
            try await show(failed, .failed(.internalError), route: route)
        }
        try await parts.queue.finish(job.id)
        return .failed(.internalError)
    }

    /// Tells the listener, and keeps the story's new address when its message moved; nothing is
    /// shown once the run lost its lease (``JobLeaseLost``).
    @discardableResult
    private func show(_ story: Story, _ progress: StoryProgress, route: DeliveryRoute) async throws -> DeliveryOutcome {
        try await route.fence.check()
        let outcome = try await listener.story(story, didProgress: progress, delivery: await route.address)
        if case let .shown(moved?) = outcome { await route.move(to: moved) }
        return outcome
    }

    /// Shows page 1, once per story: a resumed job whose story was already shown skips it. Only a
    /// message the platform accepted counts as delivered; a failure worth retrying is retried
    /// from the durable job, with backoff, without counting against the story's making.
    private func deliverFirstPage(of story: Story, job: StoryJob, route: DeliveryRoute) async throws {
        guard job.deliveredAt == nil else { return }
        let outcome: DeliveryOutcome
        do {
            outcome = try await show(story, .firstPage, route: route)
        } catch {
            if error is CancellationError || error is JobLeaseLost || Task.isCancelled { throw error }
            throw DeliveryPending(underlying: String(describing: error))
        }
        switch outcome {
        case .shown, .skipped:
            try await parts.queue.markDelivered(job.id, at: clock.now())
        case let .refused(reason):
            // The family was told kindly; the story stays in the library to open again.
            onEvent(.deliveryRefused(story: story.id, reason: reason))
        }
    }

    private func generate(_ queued: Story, job: StoryJob, route: DeliveryRoute) async throws -> Story {
        var story = queued
        var pages = try await repository.pages(of: story.id)
        if pages.isEmpty {
            try await route.fence.check()
            try await repository.setStatus(.writing, for: story.id, reason: nil, heldBy: route.fence.claim)
            _ = try? await show(story, .writing, route: route)
            // The family's avoid-list (kept with the request) is checked on the text too.
            let familyChecker = GeneratedStoryChecker(avoidList: checker.avoidList + story.request.avoid)
            let written = try await writeChecked(story, checker: familyChecker)
            try await route.fence.check()
            try await repository.saveText(written, for: story.id, heldBy: route.fence.claim)
            await record(written.usage, story: story)
            pages = try await repository.pages(of: story.id)
            story.title = written.title
            story.sheet = written.sheet
        }
        guard let sheet = story.sheet, let first = pages.first else { throw PipelineError.missingCharacterSheet }
        guard story.request.illustrations != .off else {
            // Text only: the story is ready as soon as it is written (text art shows the pictures).
            try await route.fence.check()
            try await repository.setStatus(.ready, for: story.id, reason: nil, heldBy: route.fence.claim)
            story.status = .ready
            try await deliverFirstPage(of: story, job: job, route: route)
            return story
        }

        // Page 1 first, then deliver it: the family can start reading. A painter that does not use
        // the previous page's picture (the built-in one) is not handed it, so no picture (PNG and
        // chat form, ~150 KB) is kept for the rest of the story (up to two per worker). Measured with
        // the smaller picture cache: 26.7 against 33.4 MiB peak RssAnon in one paired burst under
        // heavy load; its own share not measured apart (docs/benchmarks.md, session 20).
        let handsOnPictures = parts.illustrator.usesPreviousPicture
        let firstPicture: Illustration?
        if let imageID = first.imageID, let stored = try await repository.image(imageID) {
            firstPicture = handsOnPictures ? Illustration(stored) : nil
        } else {
            _ = try? await show(story, .painting(page: 1, of: pages.count), route: route)
            let painted = try await paint(first, story: story, sheet: sheet, pageCount: pages.count, previous: nil, fence: route.fence)
            firstPicture = handsOnPictures ? painted : nil
        }
        try await deliverFirstPage(of: story, job: job, route: route)

        let remaining = pages.dropFirst().filter { $0.imageID == nil }
        switch strategy {
        case .chained:
            var previous = firstPicture
            var previousImageID = first.imageID
            for page in pages.dropFirst() {
                if let imageID = page.imageID {
                    previousImageID = imageID
                    continue
                }
                if handsOnPictures, let imageID = previousImageID, let stored = try await repository.image(imageID) { previous = Illustration(stored) }
                let painted = try await paint(page, story: story, sheet: sheet, pageCount: pages.count, previous: previous, fence: route.fence)
                previous = handsOnPictures ? painted : nil
                previousImageID = nil
            }
        case let .anchored(concurrency):
            let current = story
            let pageCount = pages.count
            let fence = route.fence
            try await withThrowingTaskGroup(of: Void.self) { group in
                var pending = remaining.makeIterator()
                for _ in 0..<max(1, concurrency) {
                    guard let page = pending.next() else { break }
                    group.addTask { _ = try await paint(page, story: current, sheet: sheet, pageCount: pageCount, previous: firstPicture,
                                                       fence: fence) }
                }
                while try await group.next() != nil {
                    if let page = pending.next() {
                        group.addTask { _ = try await paint(page, story: current, sheet: sheet, pageCount: pageCount, previous: firstPicture,
                                                       fence: fence) }
                    }
                }
            }
        }
        try await route.fence.check()
        try await repository.setStatus(.ready, for: story.id, reason: nil, heldBy: route.fence.claim)
        story.status = .ready
        return story
    }

    /// Writes and checks the text. A text the bedtime screen refuses is never kept or shown: the
    /// writer is asked once more with ``StoryRequest/safetyRepair`` set, and a second refusal fails
    /// the story with `.unsafeContent` (not retried; the model calls were spent, so the story keeps
    /// its place in the day's quota: ``StoryFailureReason/refundsQuota``).
    private func writeChecked(_ story: Story, checker: GeneratedStoryChecker) async throws -> WrittenStory {
        let draft = try await write(story.request, story: story)
        do {
            return try checker.check(draft, for: story.request)
        } catch let .unsafeContent(category) {
            onEvent(.unsafeDraft(story: story.id, category: category, repairing: true))
            await record(draft.usage, story: story)
        }
        var repair = story.request
        repair.safetyRepair = true
        do {
            return try checker.check(try await write(repair, story: story), for: repair)
        } catch let GeneratedStoryChecker.Problem.unsafeContent(category) {
            onEvent(.unsafeDraft(story: story.id, category: category, repairing: false))
            throw GeneratedStoryChecker.Problem.unsafeContent(category)
        }
    }

    /// Asks the writer, with every model call it makes counted for the story's family.
    private func write(_ request: StoryRequest, story: Story) async throws -> WrittenStory {
        let written = try await ModelCallScope.$current.withValue(ModelCallScope(family: story.family, storyID: story.id, kind: .text)) {
            try await parts.writer.write(request)
        }
        // A chapter opens with "Last time…" whichever writer wrote it (checked with the rest of the text).
        guard let link = request.chapter else { return written }
        return ChapterPlanner().withOpening(written, link: link)
    }

    /// Paints and saves one page, falling back to the built-in illustrator when the main one fails
    /// (also when the day's model calls are used up: the built-in one costs nothing).
    private func paint(_ page: StoryPage, story: Story, sheet: CharacterSheet, pageCount: Int,
                       previous: Illustration?, fence: JobLeaseFence) async throws -> Illustration {
        var request = IllustrationRequest(
            title: story.displayTitle, sheet: sheet,
            page: WrittenPage(text: page.text, scene: page.scene, imagePrompt: page.imagePrompt),
            pageNumber: page.number, pageCount: pageCount, previous: previous, seed: story.request.seed)
        request.references = await references(of: sheet)
        request.audience = story.request.audience ?? .family
        let picture: Illustration
        do {
            picture = try await ModelCallScope.$current.withValue(ModelCallScope(family: story.family, storyID: story.id, kind: .picture)) {
                try await parts.illustrator.illustrate(request)
            }
        } catch {
            guard !(error is CancellationError), !Task.isCancelled, let fallback = parts.fallbackIllustrator else { throw error }
            onEvent(.illustrationFellBack(story: story.id, page: page.number, error: String(describing: error)))
            picture = try await fallback.illustrate(request)
        }
        // The form chats are sent it in is made now, off every page turn's path (the illustrator
        // may have made it from its pixels already: no picture decoded again).
        let chatForm = if let made = picture.chatForm { made } else {
            await parts.chatForms?.chatForm(of: picture.data, contentType: picture.contentType)
        }
        try await fence.check()
        _ = try await repository.saveIllustration(picture, chatForm: chatForm, for: story.id, page: page.number, heldBy: fence.claim)
        await parts.pictures?.story(story.id, didPaintPage: page.number)
        await record(picture.usage, story: story)
        return picture
    }

    /// The pictures kept for the sheet's heroes (cast members' portraits), for model illustrators
    /// to keep each one's look; a picture that cannot be read is left out.
    private func references(of sheet: CharacterSheet) async -> [Illustration] {
        var pictures: [Illustration] = []
        for design in [sheet.hero] + sheet.friends {
            guard let id = design.referencePicture, let stored = try? await repository.image(ImageID(rawValue: id)) else { continue }
            pictures.append(Illustration(stored))
        }
        return pictures
    }

    private func record(_ usage: ProviderUsage?, story: Story) async {
        guard let usage, let ledger = parts.usage else { return }
        try? await ledger.record(UsageEntry(family: story.family, storyID: story.id, usage: usage, at: clock.now()))
    }

    private func handle(_ error: any Error, job: StoryJob, route: DeliveryRoute) async -> Outcome {
        if let pending = error as? DeliveryPending {
            // The story is made; only showing it failed (the platform down or limiting us).
            guard job.attempts < retryPolicy.maxDeliveryAttempts else {
                onEvent(.deliveryAbandoned(story: job.storyID, error: pending.underlying))
                try? await parts.queue.finish(job.id)
                return .failed(.internalError)
            }
            let at = clock.now().addingTimeInterval(retryPolicy.delay(afterAttempt: job.attempts))
            try? await parts.queue.retry(job.id, notBefore: at, error: String(pending.underlying.prefix(500)))
            return .willRetry(at: at, error: pending.underlying)
        }
        let classified = error as? any TransientAwareError
        let transient = classified?.isTransient ?? true
        let reason = classified?.failureReason ?? .internalError
        let message = String(describing: error).prefix(500)
        if transient, job.attempts < retryPolicy.maxAttempts {
            let at = clock.now().addingTimeInterval(retryPolicy.delay(afterAttempt: job.attempts))
            try? await parts.queue.retry(job.id, notBefore: at, error: String(message))
            return .willRetry(at: at, error: String(message))
        }
        do {
            // The quota slot goes back only for the service's own failures; refusals keep it.
            try await route.fence.check()
            try await repository.markFailed(job.storyID, reason: String(message), refundingQuota: reason.refundsQuota,
                                            heldBy: route.fence.claim)
            if let story = try await repository.story(job.storyID) {
                try await show(story, .failed(reason), route: route)
            }
            try await parts.queue.finish(job.id)
        } catch is JobLeaseLost {
            return .leaseLost
        } catch {
            // Reporting the failure failed (platform down): try the report again later.
            let at = clock.now().addingTimeInterval(retryPolicy.maxDelay)
            let detail = "reporting the failure failed: \(error)"
            try? await parts.queue.retry(job.id, notBefore: at, error: detail)
            return .willRetry(at: at, error: detail)
        }
        return .failed(reason)
    }
}

extension Illustration {
    init(_ stored: StoredImage) {
        self.init(data: stored.data, contentType: stored.contentType, width: stored.width, height: stored.height)
    }
}

/// Errors raised by the pipeline itself.
public enum PipelineError: Error, Equatable {
    case missingCharacterSheet
}

/// The story is made but could not be shown yet: retried from the job, apart from the
/// attempts that making the story may use.
struct DeliveryPending: Error {
    let underlying: String
}

/// Where one run of a job delivers: moves when the platform says the story's message did, and
/// the new address is saved with the job so a later run (after a restart) uses it too. The run's
/// `fence` is checked before anything is shown there.
actor DeliveryRoute {
    private(set) var address: DeliveryAddress
    private let jobID: Int64
    private let queue: any StoryJobQueue
    nonisolated let fence: JobLeaseFence

    init(job: StoryJob, queue: any StoryJobQueue, fence: JobLeaseFence) {
        address = job.delivery
        jobID = job.id
        self.queue = queue
        self.fence = fence
    }

    func move(to address: DeliveryAddress) async {
        guard address != self.address else { return }
        self.address = address
        try? await queue.updateDelivery(jobID, to: address)
    }
}
