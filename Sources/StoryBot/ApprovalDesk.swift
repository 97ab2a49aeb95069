import Foundation
import Logging
import StoryDomain
import Synchronization

/// The approvals (with their story) this process showed, for couriers that show from memory.
final class ShownHere: Sendable {
    private let shown = Mutex(Set<String>())

    static func key(_ approval: PendingApproval) -> String { "\(approval.id)/\(approval.storyID.rawValue)" }

    func contains(_ approval: PendingApproval) -> Bool { shown.withLock { $0.contains(Self.key(approval)) } }

    func insert(_ approval: PendingApproval) { shown.withLock { _ = $0.insert(Self.key(approval)) } }
}

/// A grown-up says yes first (`/settings set approval:on`): holds the stories made for the
/// room, shows each privately to the grown-ups once it is readable (``ApprovalCourier``), posts
/// page 1 in the room on ✅ (or at bedtime), and ends what is not answered in time, telling the
/// grown-ups (``ApprovalRules``). Every change of state is a conditional store update, so a story
/// is shared once also when two grown-ups (or two processes) answer at once.
///
/// Its runner sleeps until the next deadline or bedtime, and wakes when a page 1 is painted (it
/// is the pipeline's ``PagePictureObserver``, and on PostgreSQL follows the other processes'
/// painted-page feed through ``PageFillInRelay``), with a slow safety poll for what no signal
/// announces (a feed reconnecting, a story made without pictures).
public struct ApprovalDesk: PagePictureObserver {
    public let store: any ApprovalStore
    public let rules: ApprovalRules
    let stories: StoryService
    let policy: FamilyPolicy
    let transports: [Platform: any ChatTransport]
    let couriers: [Platform: any ApprovalCourier]
    let clock: any WallClock
    let logger: Logger
    let renderer = ReplyRenderer()
    let shownHere = ShownHere()
    /// Notified when a page 1 is painted: the runner looks at once.
    public let wakeUps = WakeSignal()
    /// The safety poll: the longest nap between rounds.
    public var longestNap: TimeInterval = 30
    /// A story being made without pictures (no painted page announces it) is looked at this often.
    public var shortNap: TimeInterval = 3

    public init(store: any ApprovalStore, rules: ApprovalRules = ApprovalRules(), stories: StoryService, policy: FamilyPolicy,
                transports: [any ChatTransport], couriers: [any ApprovalCourier], clock: any WallClock, logger: Logger) {
        self.store = store
        self.rules = rules
        self.stories = stories
        self.policy = policy
        self.transports = transportsByPlatform(transports)
        self.couriers = Dictionary(couriers.map { ($0.platform, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        self.logger = logger
    }

    /// Whether the family's stories wait for a yes, and whether someone here must wait for one:
    /// a child (platforms with rooms), or a member who is not a manager or in the grown-up role
    /// (Discord). Only where the grown-ups can be asked (a courier for the platform): elsewhere
    /// nothing would ever reach them.
    public func holds(_ context: ChatContext, settings: FamilySettings, platform: any ChatPlatform) -> Bool {
        guard settings.approvalInForce, couriers[context.family.platform] != nil else { return false }
        return platform.hasRooms ? context.isChild : !(context.isManager || settings.grownupRoleID.map(context.roleIDs.contains) == true)
    }

    /// Whether the family's bedtime stories wait for a yes: approval on, and its grown-ups can be
    /// asked on its platform.
    public func holdsBedtime(of family: FamilyRef, settings: FamilySettings) -> Bool {
        settings.approvalInForce && couriers[family.platform] != nil
    }

    /// Tonight's bedtime story held for a yes under `id` (the same in every process for one
    /// schedule's evening): the approval kept earlier, else a new one due at `bedtime`.
    /// - Throws: ``ApprovalError/tooManyWaiting(limit:)`` when the family has as many waiting as allowed.
    public func holdBedtime(id: String, story: StoryID, family: FamilyRef, channelID: String, owner: Requester,
                            bedtime: Date) async throws -> PendingApproval {
        if let held = try await store.approval(id, family: family) { return held }
        let approval = rules.bedtime(id: id, story: story, family: family, channelID: channelID, owner: owner, bedtime: bedtime,
                                     now: clock.now())
        try await hold(approval)
        lookNow()
        return approval
    }

    /// A held story was just stored: the runner looks at once (a fast illustrator may have
    /// painted its page 1 before the approval was kept).
    public func lookNow() {
        wakeUps.notify()
    }

    /// Keeps `approval` in the family's queue. Once its story is stored, ``lookNow()``.
    /// - Throws: ``ApprovalError/tooManyWaiting(limit:)`` when the family has as many waiting as allowed.
    public func hold(_ approval: PendingApproval) async throws {
        guard try await store.add(approval, limit: rules.maxWaiting) else { throw ApprovalError.tooManyWaiting(limit: rules.maxWaiting) }
        logger.info("story held for a grown-up's yes", metadata: ["approval": "\(approval.id)", "story": "\(approval.storyID)"])
    }

    /// Takes back an approval whose story could not be stored (nobody is told: the asker got the error).
    public func withdraw(_ approval: PendingApproval) async {
        _ = try? await store.transition(approval.id, from: [.waiting], to: .declined, by: nil, at: clock.now())
        try? await store.markTold(approval.id, at: clock.now())
    }

    /// Whether `userID` may answer `approval` from `context`: a grown-up of the family where it
    /// was pressed, or (a direct message) one of the approvers the settings name.
    public func mayAnswer(_ approval: PendingApproval, context: ChatContext) async throws -> Bool {
        if approval.family == context.family { return context.isManager }
        let settings = try await policy.settings.settings(for: approval.family)
        return settings.approverIDs?.contains(context.user.userID) ?? false
    }

    /// ✅: shares now, keeps the story for bedtime, or says it is too late. Returns what the
    /// grown-up's message becomes.
    public func approve(_ approval: PendingApproval, by grownUp: Requester) async throws -> ChatReply {
        let now = clock.now()
        guard approval.state == .waiting else { return Self.answeredAlready(approval) }
        guard approval.sentAt != nil else {
            return .privateNote("⏳ A new version of that story is being made — I'll show it to you when it's ready.")
        }
        switch rules.approve(approval, now: now) {
        case .tooLate:
            if try await store.transition(approval.id, from: [.waiting], to: .expired, by: nil, at: now) {
                try await store.markTold(approval.id, at: now)
            }
            return .privateNote("⌛ That story waited too long, so it was not shared. Ask for a new one any time.")
        case let .shareAt(bedtime):
            guard try await store.transition(approval.id, from: [.waiting], to: .approved, by: grownUp.userID, at: now) else {
                return Self.answeredAlready(approval)
            }
            let zone = (try? await policy.timeZone(of: approval.family)) ?? DailyQuota.utc
            let answer = ChatReply.privateNote("✅ Approved by \(grownUp.displayName): it will be posted at bedtime "
                                               + "(\(LocalTimeText.when(bedtime, now: now, in: zone))).")
            await tellGrownUps(approval, answer)
            return answer
        case .shareNow:
            guard try await store.transition(approval.id, from: [.waiting], to: .approved, by: grownUp.userID, at: now) else {
                return Self.answeredAlready(approval)
            }
            var approved = approval
            approved.state = .approved
            try await share(approved, now: now)
            return .privateNote("✅ Shared with the room. Thank you!")
        }
    }

    /// 🌙 / 🔄: the approval now waits on `story` (already stored with its job); the grown-ups
    /// are shown it when it is made.
    public func replace(_ approval: PendingApproval, with story: Story) async throws -> Bool {
        try await store.replaceStory(approval.id, with: story.id)
    }

    /// Replaces the grown-ups' message about `approval` with `reply` (what one of them answered).
    public func tellGrownUps(_ approval: PendingApproval, _ reply: ChatReply) async {
        guard let courier = couriers[approval.family.platform] else { return }
        let approvers = (try? await policy.settings.settings(for: approval.family))?.approverIDs ?? []
        do {
            try await courier.answered(reply, approval: approval, approvers: approvers)
        } catch {
            logger.warning("could not tell the grown-ups of an answer", metadata: ["approval": "\(approval.id)", "error": "\(error)"])
        }
    }

    /// How long a held story may take to be stored before its approval counts as failed.
    static let storingGrace: TimeInterval = 60

    static func answeredAlready(_ approval: PendingApproval) -> ChatReply {
        .privateNote("👍 That story was already answered.")
    }

    // MARK: The runner

    /// A page was painted: a story held for a yes may be ready to show (page 1 only).
    public func story(_ id: StoryID, didPaintPage number: Int) async {
        if number == 1 { wakeUps.notify() }
    }

    /// Runs rounds until cancelled: after each, sleeps on the injected clock until the next
    /// deadline or bedtime (at most ``longestNap``), or until a page 1 is painted.
    public func run() async {
        while !Task.isCancelled {
            let next = await round()
            let nap = max(0.001, min(longestNap, next.timeIntervalSince(clock.now())))
            let (clock, wakeUps) = (self.clock, self.wakeUps)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { try? await clock.sleep(for: .milliseconds(Int64((nap * 1000).rounded(.up)))) }
                group.addTask { await wakeUps.wait() }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// One look at every approval in play: shows the made ones to the grown-ups, posts the
    /// approved ones whose time came, ends the late ones and tells the grown-ups. Returns when
    /// to look again unwoken: the next deadline or bedtime, soon while a story is made without
    /// pictures, else after ``longestNap``.
    @discardableResult
    public func round() async -> Date {
        let started = clock.now()
        var next = started.addingTimeInterval(longestNap)
        let inPlay: [PendingApproval]
        do {
            inPlay = try await store.inPlay()
        } catch is CancellationError {
            return next
        } catch {
            logger.warning("could not read the stories waiting for a yes", metadata: ["error": "\(error)"])
            return started.addingTimeInterval(shortNap)
        }
        for approval in inPlay {
            do {
                let now = clock.now()
                // Something overdue that could not be done now (a chat away) is tried again soon, not in a tight loop.
                if let due = try await advance(approval, now: now) { next = min(next, max(due, now.addingTimeInterval(shortNap))) }
            } catch is CancellationError {
                return next
            } catch {
                logger.warning("approval step failed; tried again soon", metadata: ["approval": "\(approval.id)", "error": "\(error)"])
                next = min(next, clock.now().addingTimeInterval(shortNap))
            }
        }
        return next
    }

    /// Takes one approval a step; returns when it is next due (nil: only a signal or the safety poll).
    private func advance(_ approval: PendingApproval, now: Date) async throws -> Date? {
        try await step(approval, now: now)
        switch approval.state {
        case .waiting:
            // Just past the deadline: it expires then. A story made without pictures is looked at soon.
            let expiry = approval.deadline.addingTimeInterval(0.001)
            guard approval.sentAt == nil, try await stories.story(approval.storyID, family: approval.family)?.request.illustrations == .off
            else { return expiry }
            return min(expiry, now.addingTimeInterval(shortNap))
        case .approved:
            return approval.shareAt
        default:
            return nil
        }
    }

    private func step(_ approval: PendingApproval, now: Date) async throws {
        switch approval.state {
        case .waiting where rules.hasExpired(approval, now: now):
            guard try await store.transition(approval.id, from: [.waiting], to: .expired, by: nil, at: now) else { return }
            logger.info("a story waited too long for a yes; not shared", metadata: ["approval": "\(approval.id)"])
            var expired = approval
            expired.state = .expired
            try await tell(expired, now: now)
        case .waiting where approval.sentAt == nil:
            try await showIfMade(approval, now: now)
        case .waiting where couriers[approval.family.platform]?.showsFromMemory == true && !shownHere.contains(approval):
            // Shown by another process, or before a restart: this process's grown-ups get it too.
            try await showIfMade(approval, now: now, again: true)
        case .approved where rules.isDue(approval, now: now):
            try await share(approval, now: now)
        case .declined, .expired:
            try await tell(approval, now: now)
        default:
            break
        }
    }

    /// Shows the story to the grown-ups once page 1 (with its picture) is ready.
    private func showIfMade(_ approval: PendingApproval, now: Date, again: Bool = false) async throws {
        guard let courier = couriers[approval.family.platform] else { return }
        let story = try await stories.story(approval.storyID, family: approval.family)
        // Kept a moment before its story is stored (the router holds, then stores): looked at again later.
        if story == nil, now.timeIntervalSince(approval.createdAt) < Self.storingGrace { return }
        guard let story, story.status != .failed else {
            if try await store.transition(approval.id, from: [.waiting], to: .declined, by: nil, at: now) {
                logger.warning("a story held for a yes could not be made", metadata: ["approval": "\(approval.id)"])
            }
            return
        }
        guard story.isReadable, let snapshot = try await stories.page(story.id, number: 1, family: approval.family),
              snapshot.page.imageID != nil || story.status == .ready || story.request.illustrations == .off
        else { return }
        let settings = try await policy.settings.settings(for: approval.family)
        let preview = try await preview(approval, first: snapshot)
        switch try await courier.showGrownUps(preview, approval: approval, approvers: settings.approverIDs ?? []) {
        case .shown:
            shownHere.insert(approval)
            if !again { _ = try await store.markSent(approval.id, story: story.id, at: now) }
        case .refused where again:
            shownHere.insert(approval)
        case .refused:
            guard try await store.transition(approval.id, from: [.waiting], to: .declined, by: nil, at: now) else { return }
            logger.notice("no grown-up could be asked; the story was declined", metadata: ["approval": "\(approval.id)"])
            try await courier.tellRequester(.privateNote("""
                🌙 A grown-up needs to say yes before stories appear here, and I couldn't reach one just now \
                (their direct messages are closed to me), so this story was not shared. Ask a grown-up to have a look!
                """), approval: approval)
            try await store.markTold(approval.id, at: now)
        }
    }

    /// Posts page 1 in the room: the one caller that moves it from approved to shared posts.
    func share(_ approval: PendingApproval, now: Date) async throws {
        guard let transport = transports[approval.family.platform] else { return }
        guard let snapshot = try await stories.page(approval.storyID, number: 1, family: approval.family) else {
            _ = try await store.transition(approval.id, from: [.approved], to: .declined, by: nil, at: now)
            return
        }
        // Marked first: a crash between the mark and the post loses one post, never doubles it.
        guard try await store.transition(approval.id, from: [.approved], to: .shared, by: approval.decidedBy, at: now) else { return }
        var reply = renderer.page(snapshot)
        if approval.kind == .bedtime { reply.text = "🌙 Story time!" + (reply.text.map { "\n\n" + $0 } ?? "") }
        reply.isPrivate = false
        let address = DeliveryAddress(platform: approval.family.platform, channelID: approval.channelID)
        let outcome = try await transport.deliver(reply, to: address, isFinal: true)
        logger.info("approved story shared", metadata: ["approval": "\(approval.id)", "story": "\(approval.storyID)"])
        // A one-page story's page 1 is its last: the family's vote on what happens next follows it.
        if case let .shown(moved) = outcome {
            let votes = ChapterVoteAsker(stories: stories, policy: policy, bedtime: nil, logger: logger)
            await votes.askAfterDelivery(of: snapshot.story, at: moved ?? address, via: transport)
        }
        await tellGrownUps(approval, .privateNote("✅ **\(quoted: snapshot.story.displayTitle)** was shared with the room."))
    }

    /// Tells the grown-ups that a story was not shared (once).
    private func tell(_ approval: PendingApproval, now: Date) async throws {
        guard approval.toldAt == nil else { return }
        if let courier = couriers[approval.family.platform] {
            let settings = try await policy.settings.settings(for: approval.family)
            let what = approval.kind == .bedtime ? "Tonight's bedtime story" : "The story \(approval.requester.displayName) asked for"
            let why = approval.state == .expired ? "nobody said yes in time" : "it could not be made"
            try await courier.answered(.privateNote("⌛ \(what) was not shared: \(why)."), approval: approval,
                                       approvers: settings.approverIDs ?? [])
        }
        try await store.markTold(approval.id, at: now)
    }

    /// What the grown-ups see: who it is for, page 1 with its picture, the rest of the text to
    /// read first, and ✅ 🌙 🔄.
    private func preview(_ approval: PendingApproval, first: PageSnapshot) async throws -> ChatReply {
        var reply = renderer.page(first)
        var rest: [String] = []
        if first.story.pageCount > 1 {
            for number in 2...first.story.pageCount {
                if let page = try await stories.page(approval.storyID, number: number, family: approval.family) { rest.append(page.page.text) }
            }
        }
        let who = approval.kind == .bedtime ? "🌙 **Tonight's bedtime story** is ready." : "👀 **\(quoted: approval.requester.displayName)** asked for a story."
        let intro = who + " Nobody else sees it until you say yes."
        reply.text = [intro, reply.text].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: "\n\n")
        if !rest.isEmpty {
            // Read in order: page 1 under its picture, then the rest, then ✅ 🌙 🔄.
            let more = rest.joined(separator: "\n\n")
            let tail = "\n\n📖 *The rest:*\n" + (more.count > 1_400 ? String(more.prefix(1_400)) + "…" : more)
            if reply.page != nil { reply.page?.text += tail } else { reply.text = (reply.text ?? "") + tail }
        }
        reply.isPrivate = true
        let family = approval.family.externalID
        reply.buttons = [[
            ChatButton(ApprovalButton(.share, approvalID: approval.id, familyID: family), label: "✅ Share", style: .success),
            ChatButton(ApprovalButton(.gentler, approvalID: approval.id, familyID: family), label: "🌙 Gentler"),
            ChatButton(ApprovalButton(.another, approvalID: approval.id, familyID: family), label: "🔄 Another"),
        ]]
        return reply
    }
}

/// Why a story could not be held for approval.
public enum ApprovalError: Error, Sendable, Equatable {
    /// The family already has this many stories waiting for a yes.
    case tooManyWaiting(limit: Int)
}
