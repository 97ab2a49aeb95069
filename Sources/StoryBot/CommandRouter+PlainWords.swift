import Logging
import StoryDomain

extension CommandRouter {
    /// Answers plain words that read like a request, on platforms that hand the service every
    /// message (``ChatPlatform/receivesPlainMessages``); ordinary chat gets no answer.
    ///
    /// A request with a theme ("please tell Mia a story about a dragon") is asked for exactly
    /// as `/story new theme:… name:…` would be: the same rules, quota and bedtime screen, and
    /// the same kind refusals. Everything else gets a private one-tap suggestion: the words
    /// leave something to guess (which story is "it", what the story should be about), or the
    /// answer spends a story of the day ("another!").
    /// The family's stories ("show us our stories") cost nothing and leave nothing to guess:
    /// they are shown at once, as `/story library` shows them.
    public func answerPlainWords(_ text: String, context: ChatContext, responder: some ChatResponder) async {
        let reader = PlainRequestReader()
        // Chat costs nothing: the family's cast (names typed in lower case) is read for requests only.
        guard platforms[context.family.platform].receivesPlainMessages, reader.read(text) != nil else { return }
        let cast = (try? await cast?.cast(of: context.family)) ?? []
        guard let request = reader.read(text, knownNames: Set(cast.map(\.name))) else { return }
        switch request {
        case let .newStory(theme?, hero, language):
            let member = hero.flatMap { name in cast.first { $0.key == CastMember.key(name) } }
            let draft = StoryRequestDraft(theme: theme, heroName: member == nil ? hero : nil,
                                          language: language == .english ? nil : language.rawValue, cast: member?.name)
            await handle(.command(.storyNew(draft)), context: context, responder: responder)
        case .library:
            await handle(.command(.storyLibrary(page: 1)), context: context, responder: responder)
        case .newStory(nil, _, _), .another, .readAgain, .listen:
            await suggest(request, context: context, responder: responder)
        }
    }

    /// A press of a button the page handles itself (``PageAction``) that reached the service
    /// anyway (a page loaded before it knew the button): it does what the page would have done.
    func press(_ action: PageAction, context: ChatContext, responder: some ChatResponder) async throws {
        // Each answer is the presser's alone, as the page's own would have been.
        try await responder.acknowledge(privately: true)
        switch action {
        case .help: try await run(.help, context: context, responder: responder)
        case .inviteChild: try await run(.familyInvite(role: .child, expires: nil, uses: nil), context: context, responder: responder)
        case .newStory: try await responder.reply(renderer.newStoryHowTo())
        }
    }

    /// A private answer with the one button that does what the words asked.
    private func suggest(_ request: PlainRequest, context: ChatContext, responder: some ChatResponder) async {
        let platform = context.family.platform
        do {
            try await responder.acknowledge(privately: true)
            let newest = try await stories.library(of: context.family, offset: 0, limit: 1).items.first
            let story = newest.map { $0.chapters.last ?? $0 }
            try await responder.reply(renderer.suggestion(for: request, newest: story))
            observer.handled(platform, "plain.suggestion", .ok)
        } catch {
            observer.handled(platform, "plain.suggestion", CommandObserver.outcome(of: error))
            logger.error("could not answer plain words", metadata: ["error": "\(error)"])
            try? await responder.reply(FriendlyErrors.reply(for: error, on: platforms[platform]))
        }
    }
}
