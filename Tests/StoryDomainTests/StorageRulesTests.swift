import Foundation
import StoryDomain
import Testing

/// The rules every store (SQLite, PostgreSQL, the in-memory fakes) used to write for itself,
/// now decided once in the domain from the data the store hands over inside its transaction.
@Suite("Storage rules: decided once in the domain")
struct StorageRulesTests {
    static let family = FamilyRef(platform: "web", externalID: "room")
    static let day = Date(timeIntervalSince1970: 1_800_000_000 - 1_800_000_000.truncatingRemainder(dividingBy: 86_400))

    static func collection(stories count: Int = 2, read: Int, completedAt: Date? = nil) -> CollectionProgress {
        let collection = GrowthCollection(id: CollectionID(rawValue: "c1")!, family: family,
                                          requester: Requester(userID: "mia", displayName: "Mia"), goal: .bravery, heroName: "Mia",
                                          age: 5, companion: nil, language: .english, storyCount: count, seed: 1, createdAt: day,
                                          completedAt: completedAt)
        let entries = (1...count).map { position in
            CollectionEntry(position: position, theme: "step \(position)", question: "?", storyID: StoryID(rawValue: "s\(position)"),
                            storyStatus: .ready, readAt: position <= read ? day : nil)
        }
        return CollectionProgress(collection: collection, entries: entries)
    }

    // MARK: Collections

    @Test("only a failed story is replaced; an empty entry is filled; any other story is kept")
    func entryFilling() {
        let story = StoryID(rawValue: "s1")!
        #expect(EntryFilling.decide(existing: nil, status: nil) == .fill)
        #expect(EntryFilling.decide(existing: story, status: .failed) == .replace(story))
        for status in [StoryStatus.queued, .writing, .illustrating, .ready] {
            #expect(EntryFilling.decide(existing: story, status: status) == .keep)
        }
        #expect(EntryFilling.decide(existing: story, status: nil) == .keep, "a story the store cannot say failed is kept")
        #expect(EntryFilling.fill.adds && EntryFilling.replace(story).adds && !EntryFilling.keep.adds)
    }

    @Test("a first read records its UTC day, looks back three days and earns what AchievementRules names")
    func firstReadDays() {
        let read = FirstRead(at: Self.day.addingTimeInterval(20 * 3_600))
        #expect(read.day == Self.day)
        #expect(read.earliestDayNeeded == Self.day.addingTimeInterval(-3 * 86_400))
        let streak = Set((0..<3).map { Self.day.addingTimeInterval(-86_400 * Double($0)) })
        let decision = read.decide(storiesRead: 5, readingDays: streak, collection: nil)
        #expect(decision.achievements.map(\.kind) == [.firstStory, .threeNightStreak, .fiveStories])
        #expect(decision.collection == nil && decision.completed == nil)
        #expect(read.decide(storiesRead: 2, readingDays: [Self.day], collection: nil).achievements.map(\.kind) == [.firstStory])
    }

    @Test("the read that finishes a collection completes it (once) and earns its achievement")
    func firstReadCompletes() {
        let date = Self.day.addingTimeInterval(3_600)
        let read = FirstRead(at: date)
        let finished = read.decide(storiesRead: 2, readingDays: [Self.day], collection: Self.collection(read: 2))
        #expect(finished.completed == CollectionID(rawValue: "c1"))
        #expect(finished.collection?.collection.completedAt == date)
        #expect(finished.achievements.last == Achievement(kind: .collectionComplete, detail: "c1",
                                                          label: Self.collection(read: 2).collection.title))

        let halfway = read.decide(storiesRead: 1, readingDays: [Self.day], collection: Self.collection(read: 1))
        #expect(halfway.completed == nil && halfway.collection == Self.collection(read: 1))
        let again = read.decide(storiesRead: 3, readingDays: [Self.day], collection: Self.collection(read: 2, completedAt: Self.day))
        #expect(again.completed == nil, "a collection completed before is not completed again")
        #expect(!again.achievements.contains { $0.kind == .collectionComplete })
    }

    // MARK: Chapters

    @Test("a chapter link keeps at most the longest title and summary, however it is made")
    func chapterClipping() throws {
        let long = String(repeating: "a", count: ChapterLink.maxSummaryLength + 50)
        var link = ChapterLink(seriesID: StoryID(rawValue: "first")!, previousStoryID: StoryID(rawValue: "first")!, number: 2,
                               previousTitle: long, previousSummary: long)
        #expect(link.previousTitle.count == ChapterLink.maxTitleLength)
        #expect(link.previousSummary.count == ChapterLink.maxSummaryLength)
        link.previousTitle = long
        #expect(link.previousTitle.count == ChapterLink.maxTitleLength, "changed later: clipped too")
        link.previousTitle = "Short"
        #expect(link.previousTitle == "Short")

        let json = #"{"seriesID":"first","previousStoryID":"first","number":2,"previousTitle":"\#(long)","previousSummary":"x"}"#
        let decoded = try JSONDecoder().decode(ChapterLink.self, from: Data(json.utf8))
        #expect(decoded.previousTitle.count == ChapterLink.maxTitleLength && decoded.previousSummary == "x")
        #expect(try JSONDecoder().decode(ChapterLink.self, from: JSONEncoder().encode(link)) == link)
    }

    // MARK: Spend

    @Test("a model call is refused by the service's budget first, by the family's only for a family's call")
    func modelBudget() {
        let budget = ModelBudget(familyDailyCalls: 2, serviceDailyCalls: 5)
        #expect(budget.exhausted(by: ModelCallCount(family: 1, service: 4), family: Self.family) == nil)
        #expect(budget.exhausted(by: ModelCallCount(family: 2, service: 4), family: Self.family) == .family)
        #expect(budget.exhausted(by: ModelCallCount(family: 2, service: 5), family: Self.family) == .service)
        #expect(budget.exhausted(by: ModelCallCount(family: 9, service: 4), family: nil) == nil, "nobody's call: the service's only")
        #expect(budget.exhausted(by: ModelCallCount(family: 0, service: 5), family: nil) == .service)
        #expect(ModelBudget(familyDailyCalls: 0).exhausted(by: ModelCallCount(family: 0, service: 0), family: Self.family) == .family)
    }

    @Test("every outcome but an answer counts as a failed call")
    func failedOutcomes() {
        #expect(ModelCallOutcome.failures == [.failed, .timedOut, .broken])
        #expect(!ModelCallOutcome.answered.isFailure)
    }
}

/// Premium grants' changes, decided once: expiries first (at their own time), then a grant
/// replaces the open one or a revocation ends the active ones; every change is audited.
@Suite("Storage rules: premium grants")
struct PremiumChangeTests {
    static let target = PremiumTarget.user(platform: "discord", userID: "42")
    static let other = PremiumTarget.family(FamilyRef(platform: "discord", externalID: "7"))
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func grant(_ id: Int64, on target: PremiumTarget = target, until: Date?, reason: String? = nil) -> PremiumGrant {
        PremiumGrant(id: id, target: target, grantedBy: "admin", grantedAt: now.addingTimeInterval(-86_400), expiresAt: until, reason: reason)
    }

    @Test("grants that ran out end at their own expiry, oldest first, each audited by the system")
    func expiries() {
        let early = Self.grant(2, until: Self.now.addingTimeInterval(-7_200), reason: "gift")
        let late = Self.grant(1, on: Self.other, until: Self.now.addingTimeInterval(-60))
        let running = Self.grant(3, until: Self.now.addingTimeInterval(60))
        let forever = Self.grant(4, until: nil)
        let change = PremiumChange.expiries(of: [late, running, forever, early], by: Self.now)
        #expect(change.endings == [PremiumChange.Ending(grantID: 2, at: early.expiresAt!, reason: .expired),
                                   PremiumChange.Ending(grantID: 1, at: late.expiresAt!, reason: .expired)])
        #expect(change.expired.map(\.id) == [2, 1] && change.expired.allSatisfy { $0.endedAt == $0.expiresAt })
        #expect(change.audit == [
            PremiumAuditEntry(action: .expire, actor: "system", target: Self.target, at: early.expiresAt!, until: early.expiresAt!,
                              reason: "gift"),
            PremiumAuditEntry(action: .expire, actor: "system", target: Self.other, at: late.expiresAt!, until: late.expiresAt!,
                              reason: nil),
        ])
        #expect(change.newGrant == nil && change.revoked == 0)
    }

    @Test("a new grant audits the expiries first, replaces the open grant, and is audited last")
    func grant() {
        let ranOut = Self.grant(1, until: Self.now.addingTimeInterval(-60))
        let open = Self.grant(2, until: nil)
        let until = Self.now.addingTimeInterval(30 * 86_400)
        let change = PremiumChange.grant(Self.target, by: "owner", at: Self.now, until: until, reason: "thanks", open: [ranOut, open])
        #expect(change.endings.map(\.reason) == [.expired, .replaced])
        #expect(change.endings.last == PremiumChange.Ending(grantID: 2, at: Self.now, reason: .replaced))
        #expect(change.newGrant == PremiumGrant(id: 0, target: Self.target, grantedBy: "owner", grantedAt: Self.now, expiresAt: until,
                                                reason: "thanks"))
        #expect(change.audit.map(\.action) == [.expire, .grant])
        #expect(change.audit.last == PremiumAuditEntry(action: .grant, actor: "owner", target: Self.target, at: Self.now, until: until,
                                                       reason: "thanks"))
    }

    @Test("a revocation ends the active grants only (counted), after auditing the ones that ran out")
    func revoke() {
        let ranOut = Self.grant(1, until: Self.now)
        let active = Self.grant(2, until: Self.now.addingTimeInterval(60))
        let change = PremiumChange.revoke(Self.target, by: "owner", at: Self.now, reason: nil, open: [ranOut, active])
        #expect(change.revoked == 1)
        #expect(change.endings == [PremiumChange.Ending(grantID: 1, at: Self.now, reason: .expired),
                                   PremiumChange.Ending(grantID: 2, at: Self.now, reason: .revoked)])
        #expect(change.audit.map(\.action) == [.expire, .revoke] && change.newGrant == nil)

        let nothing = PremiumChange.revoke(Self.target, by: "owner", at: Self.now, reason: nil, open: [])
        #expect(nothing.revoked == 0 && nothing.endings.isEmpty && nothing.audit.map(\.action) == [.revoke], "audited even so")
    }
}
