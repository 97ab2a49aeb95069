import Foundation
import Logging
import StoryDomain

/// Routes every input — commands, button presses, autocomplete, store purchases — to the story
/// services and answers through the adapter's responder. Platform-neutral: Discord and the web
/// chat both call it.
///
/// The router sets no concurrency limits: each adapter decides how many inputs it works at once
/// (the Discord bot's lanes, one input at a time per web chat connection). The one queue inside
/// is for correctness: one person's quota-checked requests pass one at a time.
public struct CommandRouter: Sendable {
    /// The services commands are routed to.
    public struct Services: Sendable {
        public var stories: StoryService
        public var collections: CollectionService
        /// Plans and parental controls.
        public var policy: FamilyPolicy
        /// The service's admins (`ADMIN_USER_IDS`): `platform:id` entries match that platform's
        /// person only; an entry without a platform matches the id on any platform.
        public var admins: Set<String>
        /// The install's owner, an admin in the web chat; nil where there is no web chat.
        public var owner: InstallOwnership?
        /// Provider use for `/premium usage`; nil where it is not wired.
        public var usage: (any UsageReporting)?
        /// Deletes a family's data (`/settings forget`).
        public var familyData: any FamilyDataStore
        /// Remembers pages shown before their picture was painted, to fill them in.
        public var pageFillIn: PageFillIn?
        /// The web chat's rooms, members and invites (`/family`); nil where there is no web chat.
        public var rooms: RoomAccess?
        /// What each chat platform can do and how it words things.
        public var platforms: ChatPlatforms
        /// Reads stories aloud (`/story listen`, 🔊); nil where it is not set up.
        public var narration: NarrationService?
        /// The family's cast (`/cast`, `cast:`); nil where it is not set up.
        public var cast: CastService?
        /// Bedtime schedules (`/bedtime`); nil where the scheduler is not set up.
        public var bedtime: BedtimeScheduling?
        /// A grown-up says yes first (`approval:on`); nil where it is not set up.
        public var approvals: ApprovalDesk?

        public init(stories: StoryService, collections: CollectionService, policy: FamilyPolicy, admins: Set<String>,
                    familyData: any FamilyDataStore, pageFillIn: PageFillIn? = nil, rooms: RoomAccess? = nil,
                    platforms: ChatPlatforms = ChatPlatforms(), narration: NarrationService? = nil, cast: CastService? = nil,
                    owner: InstallOwnership? = nil, usage: (any UsageReporting)? = nil, bedtime: BedtimeScheduling? = nil,
                    approvals: ApprovalDesk? = nil) {
            self.approvals = approvals
            self.bedtime = bedtime
            self.owner = owner
            self.usage = usage
            self.narration = narration
            self.cast = cast
            self.stories = stories
            self.collections = collections
            self.policy = policy
            self.admins = admins
            self.familyData = familyData
            self.pageFillIn = pageFillIn
            self.rooms = rooms
            self.platforms = platforms
        }
    }

    let stories: StoryService
    let collections: CollectionService
    let policy: FamilyPolicy
    let admins: Set<String>
    let owner: InstallOwnership?
    let usage: (any UsageReporting)?
    let familyData: any FamilyDataStore
    let pageFillIn: PageFillIn?
    let rooms: RoomAccess?
    let platforms: ChatPlatforms
    let narration: NarrationService?
    let cast: CastService?
    let bedtime: BedtimeScheduling?
    let approvals: ApprovalDesk?
    let renderer: ReplyRenderer
    let logger: Logger
    /// One quota-checked request at a time per person, so that two requests racing for the last
    /// story of the day cannot both pass the check and both leave an "on its way" message (see
    /// ``startStory(_:quota:responder:)``). A guard, not a limit: different people never wait.
    let perPerson = KeyedSerialQueue()
    /// Told how each input ended and how long acknowledgements and page turns took (metrics).
    let observer: CommandObserver

    /// - Parameter observer: told how each input ended, for metrics.
    public init(services: Services, logger: Logger, observer: CommandObserver = .none) {
        self.observer = observer
        stories = services.stories
        collections = services.collections
        policy = services.policy
        admins = services.admins
        owner = services.owner
        usage = services.usage
        familyData = services.familyData
        pageFillIn = services.pageFillIn
        rooms = services.rooms
        platforms = services.platforms
        narration = services.narration
        cast = services.cast
        bedtime = services.bedtime
        approvals = services.approvals
        renderer = ReplyRenderer(platforms: services.platforms)
        self.logger = logger
    }

    /// Acknowledges then works one input (``acknowledge(_:context:responder:)`` and
    /// ``work(_:context:responder:)``). Never throws: every failure becomes a kind private reply.
    public func handle(_ input: ChatInput, context: ChatContext, responder: some ChatResponder) async {
        do {
            try await acknowledge(input, context: context, responder: responder)
        } catch {
            logger.error("could not acknowledge an input; it was not run", metadata: ["error": "\(error)", "input": "\(input.metricLabel)"])
            return
        }
        await work(input, context: context, responder: responder)
    }

    /// The one place a command is acknowledged: privately exactly when its answer will be, as a
    /// read-only check of the request, the asker's rules and quota tells (no public placeholder
    /// is ever made for a private answer). Button presses are acknowledged by the update that
    /// answers them, except those that run long (🔊), deferred publicly here. An adapter that must acknowledge quickly calls this first, then ``work``.
    public func acknowledge(_ input: ChatInput, context: ChatContext, responder: some ChatResponder) async throws {
        try await acknowledge(input, context: context, responder: responder) { check in await check() }
    }

    /// ``acknowledge(_:context:responder:)`` with the privacy of a command's answer decided by
    /// `decide`, handed the router's check: an adapter whose first answer cannot wait long may
    /// bound the wait (``DiscordBot``) and, past it, answer false — a public deferral, as for a
    /// command nothing refuses. Its responder must then keep a private answer private: the public
    /// deferral removed first, the answer sent to the asker alone (``ChatResponder/reply(_:)``).
    /// A command that is always private is acknowledged privately without asking `decide`.
    public func acknowledge(_ input: ChatInput, context: ChatContext, responder: some ChatResponder,
                            deciding decide: @Sendable (_ check: @escaping @Sendable () async -> Bool) async -> Bool) async throws {
        if case let .button(id) = input, ComponentID.runsLong(id) {
            // Reading aloud may wait for its turn and for the voice: a public deferral now, the audio later.
            return try await responder.acknowledge(privately: false)
        }
        guard case let .command(command) = input else { return }
        let started = ContinuousClock.now
        do {
            let privately = command.answersPrivately ? true : await decide { await answersPrivately(command, context: context) }
            try await responder.acknowledge(privately: privately)
        } catch {
            observer.handled(context.family.platform, input.metricLabel, .unacknowledged)
            throw error
        }
        observer.acknowledged(context.family.platform, ContinuousClock.now - started)
    }

    /// Counts an input the adapter saw again and dropped (a gateway replay of one it already
    /// took): nothing is answered, the count is what operators and tests observe.
    public func ignoredDuplicate(_ input: ChatInput?, on platform: Platform) {
        observer.handled(platform, input?.metricLabel ?? "unknown", .duplicate)
    }

    /// Works an input already acknowledged by ``acknowledge(_:context:responder:)``. Never
    /// throws: every failure becomes a kind private reply.
    public func work(_ input: ChatInput, context: ChatContext, responder: some ChatResponder) async {
        var logger = self.logger
        logger[metadataKey: "family"] = "\(context.family)"
        logger[metadataKey: "input"] = "\(input.metricLabel)"
        do {
            switch input {
            case let .command(command):
                if let noticing = bedtimeNoticing(command, context: context, responder: responder) {
                    try await run(command, context: context, responder: noticing)
                } else {
                    try await run(command, context: context, responder: responder)
                }
            case let .button(id):
                if let answer = ApprovalButton(encoded: id) {
                    try await pressApproval(answer, context: context, responder: responder)
                    observer.handled(context.family.platform, input.metricLabel, .ok)
                    return
                }
                if let action = PageAction(rawValue: id) {
                    try await press(action, context: context, responder: responder)
                    observer.handled(context.family.platform, input.metricLabel, .ok)
                    return
                }
                guard let component = ComponentID(encoded: id) else {
                    try await responder.acknowledge(privately: true)
                    try await responder.reply(.privateNote("🤔 That button isn't one of mine — maybe it's from an old message. Try `/story library`."))
                    observer.handled(context.family.platform, input.metricLabel, .refused)
                    return
                }
                let started = ContinuousClock.now
                try await press(component, context: context, responder: responder)
                if component.turnsPage { observer.pageTurned(context.family.platform, ContinuousClock.now - started) }
            }
            observer.handled(context.family.platform, input.metricLabel, .ok)
        } catch {
            observer.handled(context.family.platform, input.metricLabel, CommandObserver.outcome(of: error))
            if case let StoryRequestError.unsafeTopic(category) = error {
                // The category only: the child's words never reach the log.
                logger.info("request refused by the bedtime screen", metadata: ["category": "\(category)"])
            } else if !FriendlyErrors.isExpected(error) {
                logger.error("command failed", metadata: ["error": "\(error)"])
            }
            // Times are shown on the family's clock.
            let zone = FriendlyErrors.showsTime(error) ? try? await policy.timeZone(of: context.family) : nil
            try? await responder.reply(FriendlyErrors.reply(for: error, on: platforms[context.family.platform], in: zone))
        }
    }

    /// Answers text that could not be parsed as a command.
    public func reject(_ error: CommandParseError, responder: some ChatResponder) async {
        observer.handled(responder.deliveryAddress.platform, "invalid", .refused)
        try? await responder.acknowledge(privately: true)
        try? await responder.reply(FriendlyErrors.reply(for: error, on: platforms[responder.deliveryAddress.platform]))
    }

    func run(_ command: ChatCommand, context: ChatContext, responder: some ChatResponder) async throws {
        switch command {
        case let .storyNew(typed):
            let rules = try await requesterRules(context)
            let limits = rules.limits
            let draft = try await withCastPronouns(typed, family: context.family)
            let heroes = try await castMembers(draft.cast, family: context.family, painting: true)
            let companion = try await companionMember(draft.companion, family: context.family)
            let story = try await stories.screening(context.user, on: context.family.platform) {
                try stories.prepareStory(draft, family: context.family, requester: context.user, limits: limits, cast: heroes,
                                         companionMember: companion)
            }
            if let desk = heldBy(context, settings: rules.settings) {
                return try await holdForApproval(story, quota: limits.dailyQuota, context: context, desk: desk, responder: responder)
            }
            try await startStory(story, quota: limits.dailyQuota, responder: responder)
        case let .storyContinue(query):
            try await continueStory(query, context: context, responder: responder)
        case let .storyLibrary(page):
            try await responder.reply(try await libraryReply(page: page, family: context.family))
        case let .storyRead(query):
            let story = try await resolve(query, family: context.family)
            try await responder.reply(try await firstPage(of: story, family: context.family))
        case let .storyBook(query, format):
            let story = try await resolve(query, family: context.family)
            try await responder.reply(renderer.bookOffer(story, format: format))
        case let .storyListen(query, page):
            try await listen(query, page: page, context: context, responder: responder)
        case let .storyDelete(query):
            let story = try await resolve(query, family: context.family)
            guard context.isManager || story.requester.userID == context.user.userID else {
                throw StoryServiceError.notAllowedToDelete
            }
            try await responder.reply(renderer.deleteConfirmation(story))
        case .help:
            try await responder.reply(renderer.help(platform: context.family.platform))
        case .helpMore:
            try await responder.reply(renderer.helpMore(platform: context.family.platform))
        case .collectionNew, .collectionList, .collectionShow, .collectionDelete:
            try await runCollection(command, context: context, responder: responder)
        case .premiumGrant, .premiumRevoke, .premiumStatus, .premiumUsage, .settingsShow, .settingsSet, .settingsForget:
            try await runAdmin(command, context: context, responder: responder)
        case .familyMembers, .familyInvite, .familyInvites, .familyRevoke, .familyRemove, .familySignOut:
            try await runFamily(command, context: context, responder: responder)
        case .castAdd, .castList, .castShow, .castEdit, .castRemove:
            try await runCast(command, context: context, responder: responder)
        case .bedtimeSet, .bedtimeShow, .bedtimeOff:
            try await runBedtime(command, context: context, responder: responder)
        }
    }

    /// The limits for someone asking for a story here; refuses those the family's settings leave out.
    func requesterLimits(_ context: ChatContext) async throws -> StoryLimits {
        try await requesterRules(context).limits
    }

    /// The rules for someone asking for a story here; refuses those the family's settings leave out.
    func requesterRules(_ context: ChatContext) async throws -> FamilyRules {
        let rules = try await rules(context)
        guard rules.mayRequest(roleIDs: context.roleIDs, isManager: context.isManager) else {
            throw CommandAccessError.requesterRoleRequired
        }
        return rules
    }

    /// The person's rules here; a child's stories are children's whatever the chat's setting.
    func rules(_ context: ChatContext) async throws -> FamilyRules {
        var rules = try await policy.rules(for: context.user.userID, in: context.family, purchases: context.purchases)
        if context.isChild { rules.limits.audience = .children }
        return rules
    }

    private func press(_ component: ComponentID, context: ChatContext, responder: some ChatResponder) async throws {
        switch component {
        case let .firstPage(id):
            try await press(.page(id, 1), context: context, responder: responder)
        case let .page(id, number):
            guard let snapshot = try await stories.page(id, number: number, family: context.family, withPicture: responder.sendsPictures) else {
                try await responder.acknowledge(privately: true)
                throw StoryServiceError.storyNotFound
            }
            let page = renderer.page(snapshot)
            try await responder.update(page)
            await pageFillIn?.shown(page, at: responder.updatedMessageAddress, family: context.family)
            if number >= snapshot.story.pageCount {
                let announcement = snapshot.story.readAt == nil ? await storyFinished(snapshot.story, context: context) : nil
                // One message after the last page: the announcement, then the vote on what happens next.
                if let followUp = await withVote(announcement, after: snapshot.story, context: context, responder: responder) {
                    try await responder.reply(followUp)
                }
            }
        case let .library(page):
            try await responder.update(try await libraryReply(page: page, family: context.family))
        case let .open(id):
            try await responder.acknowledge(privately: false)
            guard let story = try await stories.story(id, family: context.family) else { throw StoryServiceError.storyNotFound }
            try await responder.reply(try await firstPage(of: story, family: context.family))
        case let .another(id):
            let original = try await stories.story(id, family: context.family)
            let known = try? await requesterRules(context)
            // Held for a grown-up's yes: the presser alone is told it is on its way.
            let desk = known.flatMap { heldBy(context, settings: $0.settings) }
            let refused = await anotherIsRefused(original: original, limits: known?.limits, context: context)
            try await responder.acknowledge(privately: refused || desk != nil)
            guard let original else { throw StoryServiceError.storyNotFound }
            let limits = try await requesterLimits(context)
            let story = try await stories.screening(context.user, on: context.family.platform) {
                try stories.prepareAnother(like: original, requester: context.user, limits: limits)
            }
            if let desk { return try await holdForApproval(story, quota: limits.dailyQuota, context: context, desk: desk, responder: responder) }
            try await startStory(story, quota: limits.dailyQuota, responder: responder)
        case let .confirmDelete(id):
            guard let story = try await stories.story(id, family: context.family) else {
                try await responder.update(.privateNote("🗑 That story is already gone."))
                return
            }
            try await stories.deleteStory(id, family: context.family, by: context.user, isManager: context.isManager)
            logger.info("story deleted", metadata: ["story": "\(id)"])
            await responder.storiesDeleted([id])
            try await responder.update(.privateNote("🗑 **\(quoted: story.displayTitle)** was deleted."))
        case .cancelDelete, .cancelCollectionDelete:
            try await responder.update(.privateNote("👍 Kept it — nothing was deleted."))
        case .collection, .confirmCollectionDelete:
            try await pressCollection(component, context: context, responder: responder)
        case .confirmForgetFamily:
            guard context.isManager else { throw CommandAccessError.notManager }
            let forgotten = try await familyData.forget(context.family)
            logger.notice("family data deleted", metadata: ["by": "\(context.user.userID)", "stories": "\(forgotten.stories)"])
            await responder.storiesDeleted(forgotten.storyIDs)
            try await responder.update(renderer.familyForgotten(forgotten, family: context.family))
        case .cancelForgetFamily:
            try await responder.update(.privateNote("👍 Kept everything — nothing was deleted."))
        case let .listen(id, page):
            try await listen(id, part: .page(page), context: context, responder: responder)
        case let .listenWhole(id):
            try await listen(id, part: .whole, context: context, responder: responder)
        case let .nextChapter(id):
            try await nextChapter(after: id, context: context, responder: responder)
        case .moreHelp:
            try await responder.update(renderer.helpMore(platform: context.family.platform))
        case .vote, .closeVote:
            try await pressVote(component, context: context, responder: responder)
        }
    }

    /// Someone reached the last page: the story counts as read; achievements and the collection's
    /// next story (made on the collection owner’s plan, not the reader’s) are announced to everyone
    /// (the announcement returned, to be sent with the vote on what happens next).
    private func storyFinished(_ story: Story, context: ChatContext) async -> ChatReply? {
        do {
            let outcome = try await collections.storyRead(story, purchases: context.purchases, readByChild: context.isChild)
            return renderer.readAnnouncement(outcome)
        } catch {
            // The page was shown; progress is a bonus that must not turn into an error message.
            logger.warning("could not record a finished story", metadata: ["story": "\(story.id)", "error": "\(error)"])
            return nil
        }
    }

    /// Checks the day's model calls and the quota, posts the "on its way" message, then stores
    /// the job that will edit it into page 1. One person's requests pass here one at a time, so
    /// a refused request never leaves an "on its way" message behind; the quota is checked again
    /// in the job's transaction, which guards against other processes sharing the database.
    func startStory(_ story: Story, quota: DailyQuota?, responder: some ChatResponder) async throws {
        if let request = responder.deliveryAddress.requestID,
           let existing = try await stories.story(forRequest: request, on: story.family.platform) {
            // The same request seen again after a restart: its story is already being made.
            logger.notice("request seen again; its story is already on its way", metadata: ["story": "\(existing)"])
            return
        }
        try await oneAtATime(for: story.requester, on: story.family.platform) {
            try await stories.checkModelBudget(for: story.family, audience: story.request.isForChildren ? .children : .family)
            if let quota { try await stories.checkQuota(quota, for: story.requester, on: story.family.platform) }
            try await responder.reply(renderer.accepted(story))
            do {
                try await stories.enqueue(story, delivery: responder.deliveryAddress, quota: quota)
            } catch {
                // Not stored: refused after all (another process took the last story of the day
                // between the check and the job's transaction) or the store failed. The "on its
                // way" message must not stay behind; the refusal or error follows privately.
                await responder.withdrawReply()
                throw error
            }
        }
        logger.info("story requested", metadata: ["story": "\(story.id)", "pages": "\(story.pageCount)"])
    }

    /// Runs `body` after the person's earlier quota-checked requests have finished.
    func oneAtATime(for requester: Requester, on platform: Platform, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await perPerson.run("\(platform):\(requester.userID)", body)
    }

    private func libraryReply(page: Int, family: FamilyRef) async throws -> ChatReply {
        let size = ReplyRenderer.libraryPageSize
        let library = try await stories.library(of: family, offset: (page - 1) * size, limit: size)
        return renderer.library(library, pageNumber: page)
    }

    func firstPage(of story: Story, family: FamilyRef) async throws -> ChatReply {
        // Readable once page 1 has its text and picture; later pictures may still be painting.
        guard story.isReadable, let snapshot = try await stories.page(story.id, number: 1, family: family),
              snapshot.page.imageID != nil || story.status == .ready
        else {
            let state = story.status == .failed ? "couldn't be finished" : "is still being made — it will appear when it's ready"
            return .privateNote("⏳ **\(quoted: story.displayTitle)** \(state).")
        }
        return renderer.page(snapshot)
    }

    /// A story of the family by id, exact title, or the newest whose title contains the words.
    func resolve(_ query: String, family: FamilyRef) async throws -> Story {
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
    /// Whether the command's answer is for the asker only (help, confirmations and admin
    /// commands); ``CommandRouter/handle(_:context:responder:)`` acknowledges it privately
    /// when so. Adapters that acknowledge ahead of the router ask it too.
    public var answersPrivately: Bool {
        switch self {
        case .help, .helpMore, .storyDelete, .collectionDelete, .premiumGrant, .premiumRevoke, .premiumStatus, .premiumUsage, .settingsShow, .settingsSet,
             .settingsForget, .familyMembers, .familyInvite, .familyInvites, .familyRevoke, .familyRemove, .familySignOut, .castAdd, .castEdit,
             .castRemove, .bedtimeSet, .bedtimeShow, .bedtimeOff: true
        case .storyNew, .storyContinue, .storyLibrary, .storyRead, .storyBook, .storyListen, .collectionNew, .collectionList,
             .collectionShow, .castList, .castShow: false
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
            case .storyContinue: "story.continue"
            case .storyLibrary: "story.library"
            case .storyRead: "story.read"
            case .storyBook: "story.book"
            case .storyDelete: "story.delete"
            case .storyListen: "story.listen"
            case .help: "help"
            case .helpMore: "help.more"
            case .collectionNew: "collection.new"
            case .collectionList: "collection.list"
            case .collectionShow: "collection.show"
            case .collectionDelete: "collection.delete"
            case .premiumGrant: "premium.grant"
            case .premiumRevoke: "premium.revoke"
            case .premiumStatus: "premium.status"
            case .premiumUsage: "premium.usage"
            case .settingsShow: "settings.show"
            case .settingsSet: "settings.set"
            case .settingsForget: "settings.forget"
            case .familyMembers: "family.members"
            case .familyInvite: "family.invite"
            case .familyInvites: "family.invites"
            case .familyRevoke: "family.revoke"
            case .familyRemove: "family.remove"
            case .familySignOut: "family.signout"
            case .castAdd: "cast.add"
            case .castList: "cast.list"
            case .castShow: "cast.show"
            case .castEdit: "cast.edit"
            case .castRemove: "cast.remove"
            case .bedtimeSet: "bedtime.set"
            case .bedtimeShow: "bedtime.show"
            case .bedtimeOff: "bedtime.off"
            }
        case .button: "button"
        }
    }
}
