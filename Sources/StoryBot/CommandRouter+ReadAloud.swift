import Foundation
import Logging
import StoryDomain

extension CommandRouter {
    /// `/story listen`: the story asked for (the family's newest when none is named), read aloud.
    func listen(_ query: String, page: String?, context: ChatContext, responder: some ChatResponder) async throws {
        let part = try Self.narrationPart(page)
        let story = try await listenedStory(query, family: context.family)
        try await readAloud(story, part: part, context: context, responder: responder)
    }

    /// 🔊 under a page (or 🎧 under the last), already acknowledged by ``acknowledge(_:context:responder:)``
    /// — a deferred public answer, because making the narration may take seconds; the audio
    /// follows when it is ready.
    func listen(_ id: StoryID, part: NarrationPart, context: ChatContext, responder: some ChatResponder) async throws {
        guard let story = try await stories.story(id, family: context.family) else { throw StoryServiceError.storyNotFound }
        try await readAloud(story, part: part, context: context, responder: responder)
    }

    /// Reads aloud for a children's audience when the story is children's, the listener is a
    /// child or the chat is children's (the voice is chosen by it).
    private func readAloud(_ story: Story, part: NarrationPart, context: ChatContext, responder: some ChatResponder) async throws {
        guard let narration else { throw ReadAloudError.notOffered }
        guard story.isReadable else { throw ReadAloudError.storyNotReady }
        if case let .page(number) = part, !(1...story.pageCount).contains(number) { throw ReadAloudError.noSuchPage(number) }
        let started = ContinuousClock.now
        let settings = try await policy.settings.settings(for: context.family)
        let listeners = context.isChild ? StoryAudience.children : settings.audience ?? .family
        let kept = try await narration.narration(of: story, part: Self.read(part, of: story, windDown: settings.windDownInForce),
                                                 for: listeners)
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        logger.info("story read aloud", metadata: ["story": "\(story.id)", "part": "\(part.key)", "voice": "\(kept.audio.voice)",
                                                   "seconds": "\(Int(kept.audio.duration))", "ms": "\(milliseconds)"])
        try await responder.reply(renderer.narration(kept, story: story))
    }

    /// `part` as it is read: the last page and the whole story wind down when the family's
    /// wind-down is on; other pages never do.
    static func read(_ part: NarrationPart, of story: Story, windDown: WindDown) -> NarrationPart {
        switch part.base {
        case let .page(number) where number == story.pageCount: part.windingDown(windDown)
        case .whole: part.windingDown(windDown)
        default: part.base
        }
    }

    /// The story named by `query`, or the family's newest readable one when it is empty.
    func listenedStory(_ query: String, family: FamilyRef) async throws -> Story {
        guard query.trimmingCharacters(in: .whitespaces).isEmpty else { return try await resolve(query, family: family) }
        let newest = try await stories.library(of: family, offset: 0, limit: 10).items
            .first { $0.status == .ready || $0.status == .illustrating }
        guard let newest, let story = try await stories.story(newest.id, family: family) else { throw StoryServiceError.storyNotFound }
        return story
    }

    /// `whole` (or nothing) for the whole story, a number for a page.
    static func narrationPart(_ text: String?) throws -> NarrationPart {
        let wanted = (text ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        if wanted.isEmpty || ["whole", "all", "story", "the whole story"].contains(wanted) { return .whole }
        let digits = wanted.hasPrefix("page") ? wanted.dropFirst(4).trimmingCharacters(in: .whitespaces) : wanted
        guard let number = Int(digits) else { throw ReadAloudError.unknownPart }
        guard (1...100).contains(number) else { throw ReadAloudError.noSuchPage(number) }
        return .page(number)
    }
}
