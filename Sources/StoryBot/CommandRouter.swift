import Foundation
import Logging
import StoryDomain

/// Routes every command and button press to the story service and answers through the
/// adapter's responder. Platform-neutral: Discord and the web chat both call it.
public struct CommandRouter: Sendable {
    private let stories: StoryService
    private let limits: @Sendable (ChatContext) async throws -> StoryLimits
    private let renderer = ReplyRenderer()
    private let logger: Logger

    /// - Parameter limits: the limits that apply to a family (plan and parental controls).
    public init(stories: StoryService, logger: Logger,
                limits: @escaping @Sendable (ChatContext) async throws -> StoryLimits = { _ in StoryLimits() }) {
        self.stories = stories
        self.logger = logger
        self.limits = limits
    }

    /// Handles one input. Never throws: every failure becomes a kind private reply.
    public func handle(_ input: ChatInput, context: ChatContext, responder: some ChatResponder) async {
        var logger = self.logger
        logger[metadataKey: "family"] = "\(context.family)"
        logger[metadataKey: "input"] = "\(input.metricLabel)"
        do {
            switch input {
            case let .command(command):
                try await responder.acknowledge(privately: command.answersPrivately)
                try await run(command, context: context, responder: responder)
            case let .button(id):
                guard let component = ComponentID(encoded: id) else {
                    try await responder.acknowledge(privately: true)
                    try await responder.reply(.privateNote("🤔 That button isn't one of mine — maybe it's from an old message. Try `/story library`."))
                    return
                }
                try await press(component, context: context, responder: responder)
            }
        } catch {
            if !(error is StoryRequestError || error is StoryServiceError || error is CommandParseError || error is QuotaExceeded) {
                logger.error("command failed", metadata: ["error": "\(error)"])
            }
            try? await responder.reply(FriendlyErrors.reply(for: error))
        }
    }

    /// Answers text that could not be parsed as a command.
    public func reject(_ error: CommandParseError, responder: some ChatResponder) async {
        try? await responder.acknowledge(privately: true)
        try? await responder.reply(FriendlyErrors.reply(for: error))
    }

    private func run(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        switch command {
        case let .storyNew(draft):
            let limits = try await limits(context)
            let story = try stories.prepareStory(draft, family: context.family, requester: context.user, limits: limits)
            try await startStory(story, quota: limits.dailyQuota, responder: responder)
        case let .storyLibrary(page):
            try await responder.reply(try await libraryReply(page: page, family: context.family))
        case let .storyRead(query):
            let story = try await resolve(query, family: context.family)
            try await responder.reply(try await firstPage(of: story, family: context.family))
        case let .storyDelete(query):
            let story = try await resolve(query, family: context.family)
            guard context.isManager || story.requester.userID == context.user.userID else {
                throw StoryServiceError.notAllowedToDelete
            }
            try await responder.reply(renderer.deleteConfirmation(story))
        case .help:
            try await responder.reply(renderer.help())
        }
    }

    private func press(_ component: ComponentID, context: ChatContext, responder: some ChatResponder) async throws {
        switch component {
        case let .firstPage(id):
            try await press(.page(id, 1), context: context, responder: responder)
        case let .page(id, number):
            guard let snapshot = try await stories.page(id, number: number, family: context.family) else {
                try await responder.acknowledge(privately: true)
                throw StoryServiceError.storyNotFound
            }
            try await responder.update(renderer.page(snapshot))
        case let .library(page):
            try await responder.update(try await libraryReply(page: page, family: context.family))
        case let .open(id):
            try await responder.acknowledge(privately: false)
            guard let story = try await stories.story(id, family: context.family) else { throw StoryServiceError.storyNotFound }
            try await responder.reply(try await firstPage(of: story, family: context.family))
        case let .another(id):
            try await responder.acknowledge(privately: false)
            guard let original = try await stories.story(id, family: context.family) else { throw StoryServiceError.storyNotFound }
            let limits = try await limits(context)
            let story = try stories.prepareAnother(like: original, requester: context.user, limits: limits)
            try await startStory(story, quota: limits.dailyQuota, responder: responder)
        case let .confirmDelete(id):
            guard let story = try await stories.story(id, family: context.family) else {
                try await responder.update(.privateNote("🗑 That story is already gone."))
                return
            }
            try await stories.deleteStory(id, family: context.family, by: context.user, isManager: context.isManager)
            logger.info("story deleted", metadata: ["story": "\(id)"])
            try await responder.update(.privateNote("🗑 **\(story.displayTitle)** was deleted."))
        case .cancelDelete:
            try await responder.update(.privateNote("👍 Kept it — nothing was deleted."))
        }
    }

    /// Checks the quota, posts the "on its way" message, then stores the job that will edit it
    /// into page 1 (the quota is checked again in that transaction, so simultaneous requests
    /// cannot both take the last story; the rare loser is told privately).
    private func startStory(_ story: Story, quota: DailyQuota?, responder: some ChatResponder) async throws {
        if let quota { try await stories.checkQuota(quota, for: story.requester, on: story.family.platform) }
        try await responder.reply(renderer.accepted(story))
        try await stories.enqueue(story, delivery: responder.deliveryAddress, quota: quota)
        logger.info("story requested", metadata: ["story": "\(story.id)", "pages": "\(story.pageCount)"])
    }

    private func libraryReply(page: Int, family: FamilyRef) async throws -> ChatReply {
        let size = ReplyRenderer.libraryPageSize
        let library = try await stories.library(of: family, offset: (page - 1) * size, limit: size)
        return renderer.library(library, pageNumber: page)
    }

    private func firstPage(of story: Story, family: FamilyRef) async throws -> ChatReply {
        // Readable once page 1 has its text and picture; later pictures may still be painting.
        guard story.isReadable, let snapshot = try await stories.page(story.id, number: 1, family: family),
              snapshot.page.imageID != nil || story.status == .ready
        else {
            let state = story.status == .failed ? "couldn't be finished" : "is still being made — it will appear when it's ready"
            return .privateNote("⏳ **\(story.displayTitle)** \(state).")
        }
        return renderer.page(snapshot)
    }

    /// A story of the family by id, exact title, or the newest whose title contains the words.
    private func resolve(_ query: String, family: FamilyRef) async throws -> Story {
        if let id = StoryID(rawValue: query.trimmingCharacters(in: .whitespaces)),
           let story = try await stories.story(id, family: family) {
            return story
        }
        let matches = try await stories.findStories(in: family, matching: query, limit: 25)
        let chosen = matches.first { $0.title.caseInsensitiveCompare(query) == .orderedSame } ?? matches.first
        guard let chosen, let story = try await stories.story(chosen.id, family: family) else {
            throw StoryServiceError.storyNotFound
        }
        return story
    }
}

extension ChatCommand {
    /// Library pages, help and delete confirmations are for the asker only.
    var answersPrivately: Bool {
        switch self {
        case .help, .storyDelete: true
        case .storyNew, .storyLibrary, .storyRead: false
        }
    }
}

extension ChatInput {
    /// A low-cardinality label for logs and metrics.
    public var metricLabel: String {
        switch self {
        case let .command(command):
            switch command {
            case .storyNew: "story.new"
            case .storyLibrary: "story.library"
            case .storyRead: "story.read"
            case .storyDelete: "story.delete"
            case .help: "help"
            }
        case .button: "button"
        }
    }
}
