import Foundation

/// Makes one story from its job: writes the text if it is not saved yet, paints every page
/// that has no picture yet (each shown the previous page's picture), then delivers. Because
/// every step is saved as it finishes, running a job again after a crash resumes it.
public struct StoryPipeline: Sendable {
    let repository: any StoryRepository
    let queue: any StoryJobQueue
    let writer: any StoryWriter
    let illustrator: any Illustrator
    let listener: any StoryProgressListener
    let clock: any WallClock
    let retryPolicy: RetryPolicy
    let checker: GeneratedStoryChecker

    public init(repository: any StoryRepository, queue: any StoryJobQueue, writer: any StoryWriter,
                illustrator: any Illustrator, listener: any StoryProgressListener, clock: any WallClock,
                retryPolicy: RetryPolicy = RetryPolicy(), checker: GeneratedStoryChecker = GeneratedStoryChecker()) {
        self.repository = repository
        self.queue = queue
        self.writer = writer
        self.illustrator = illustrator
        self.listener = listener
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.checker = checker
    }

    /// What happened to a job in one run.
    public enum Outcome: Sendable, Equatable {
        case delivered
        case failed(StoryFailureReason)
        /// Failed for now (`error` says why, for the log); runs again at `at`.
        case willRetry(at: Date, error: String)
        /// The story was deleted while its job waited.
        case dropped
        /// The service is stopping: the job stays as it is and resumes on the next start.
        case interrupted
    }

    /// Runs the job once. Never throws: failures become a retry or a reported failure.
    @discardableResult
    public func process(_ job: StoryJob) async -> Outcome {
        do {
            guard let story = try await repository.story(job.storyID) else {
                try await queue.finish(job.id)
                return .dropped
            }
            if story.status == .failed {
                try await listener.story(story, didProgress: .failed(.internalError), delivery: job.delivery)
                try await queue.finish(job.id)
                return .failed(.internalError)
            }
            let ready = story.status == .ready ? story : try await generate(story, delivery: job.delivery)
            try await listener.story(ready, didProgress: .ready, delivery: job.delivery)
            try await queue.finish(job.id)
            return .delivered
        } catch {
            if error is CancellationError || Task.isCancelled { return .interrupted }
            return await handle(error, job: job)
        }
    }

    private func generate(_ queued: Story, delivery: DeliveryAddress) async throws -> Story {
        var story = queued
        var pages = try await repository.pages(of: story.id)
        if pages.isEmpty {
            try await repository.setStatus(.writing, for: story.id, reason: nil)
            try? await listener.story(story, didProgress: .writing, delivery: delivery)
            let written = try checker.check(try await writer.write(story.request), for: story.request)
            try await repository.saveText(written, for: story.id)
            pages = try await repository.pages(of: story.id)
            story.title = written.title
            story.sheet = written.sheet
        }
        guard let sheet = story.sheet else { throw PipelineError.missingCharacterSheet }

        // Each page is painted with the previous page's picture; after a resume that picture
        // is read back from storage, only when a page still needs painting.
        var previous: Illustration?
        var previousImageID: ImageID?
        for page in pages {
            if let imageID = page.imageID {
                previousImageID = imageID
                previous = nil
                continue
            }
            if previous == nil, let imageID = previousImageID, let stored = try await repository.image(imageID) {
                previous = Illustration(data: stored.data, contentType: stored.contentType,
                                        width: stored.width, height: stored.height)
            }
            try? await listener.story(story, didProgress: .painting(page: page.number, of: pages.count), delivery: delivery)
            let illustration = try await illustrator.illustrate(IllustrationRequest(
                title: story.displayTitle, sheet: sheet,
                page: WrittenPage(text: page.text, scene: page.scene, imagePrompt: page.imagePrompt),
                pageNumber: page.number, pageCount: pages.count, previous: previous, seed: story.request.seed))
            _ = try await repository.saveIllustration(illustration, for: story.id, page: page.number)
            previous = illustration
        }
        try await repository.setStatus(.ready, for: story.id, reason: nil)
        story.status = .ready
        return story
    }

    private func handle(_ error: any Error, job: StoryJob) async -> Outcome {
        let classified = error as? any TransientAwareError
        let transient = classified?.isTransient ?? true
        let reason = classified?.failureReason ?? .internalError
        let message = String(describing: error).prefix(500)
        if transient, job.attempts < retryPolicy.maxAttempts {
            let at = clock.now().addingTimeInterval(retryPolicy.delay(afterAttempt: job.attempts))
            try? await queue.retry(job.id, notBefore: at, error: String(message))
            return .willRetry(at: at, error: String(message))
        }
        do {
            try await repository.setStatus(.failed, for: job.storyID, reason: String(message))
            if let story = try await repository.story(job.storyID) {
                try await listener.story(story, didProgress: .failed(reason), delivery: job.delivery)
            }
            try await queue.finish(job.id)
        } catch {
            // Reporting the failure failed (platform down): try the report again later.
            let at = clock.now().addingTimeInterval(retryPolicy.maxDelay)
            let detail = "reporting the failure failed: \(error)"
            try? await queue.retry(job.id, notBefore: at, error: detail)
            return .willRetry(at: at, error: detail)
        }
        return .failed(reason)
    }
}

/// Errors raised by the pipeline itself.
public enum PipelineError: Error, Equatable {
    case missingCharacterSheet
}
