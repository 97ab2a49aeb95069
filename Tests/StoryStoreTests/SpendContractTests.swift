import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

/// The storage side of bounded model spend, run against every backend (``StoreBackend``): the
/// queue's turns by family, the model-call ledger under the day's budgets, refused requests and
/// collection remakes.
@Suite("Storage contract: model spend")
struct SpendContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "room")
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    var today: Date { DailyQuota.day(containing: clock.now()).start }

    static let flood = FamilyRef(platform: "web", externalID: "flood")
    static let quiet = FamilyRef(platform: "web", externalID: "quiet")
    static let third = FamilyRef(platform: "discord", externalID: "1300")

    func enqueue(_ ports: StoreBackend.Ports, _ id: String, family: FamilyRef) async throws -> Int64 {
        try await ports.stories.createStory(Fixtures.story(id: id, family: family, at: clock.now()), delivery: Self.delivery, quota: nil).id
    }

    @Test("families take turns: fewest running first, then the one served longest ago", arguments: StoreBackend.allCases)
    func turnsByFamily(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        var flood: [Int64] = []
        for index in 1...6 {
            flood.append(try await enqueue(ports, "flood\(index)", family: Self.flood))
            clock.advance(by: 1)
        }
        let quiet = try await enqueue(ports, "quiet1", family: Self.quiet)
        clock.advance(by: 1)
        let third = try await enqueue(ports, "third1", family: Self.third)

        // Two workers busy with the flood…
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == flood[0])
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == quiet, "a family with nothing running goes first")
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == third)
        // Everyone has one running: the family served longest ago (the flood) is next.
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == flood[1])
        for id in [flood[0], quiet, third, flood[1]] { try await ports.jobs.finish(id) }

        // Only the flood is left, so it takes every turn, oldest first…
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == flood[2])
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == flood[3])
        // …until another family asks: its story is next, though the flood's were queued long before.
        clock.advance(by: 1)
        let late = try await enqueue(ports, "quiet2", family: Self.quiet)
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == late)
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == flood[4])
        // A retry that is not due yet is skipped whatever the family's turn.
        try await ports.jobs.retry(flood[4], notBefore: clock.now().addingTimeInterval(60), error: "busy")
        #expect(try await ports.jobs.claimNext(now: clock.now())?.id == flood[5])
        #expect(try await ports.jobs.claimNext(now: clock.now()) == nil)
    }

    @Test("a failed story gives its quota use back only when marked the service's fault; setStatus never does",
          arguments: StoreBackend.allCases)
    func refundRule(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let quota = DailyQuota(storiesPerDay: 3)
        for id in ["refused", "down", "plain"] {
            _ = try await ports.stories.createStory(Fixtures.story(id: id, at: clock.now()), delivery: Self.delivery, quota: quota)
        }
        try await ports.stories.markFailed(StoryID(rawValue: "refused")!, reason: "gemini: blocked for safety (SAFETY)",
                                           refundingQuota: false)
        try await ports.stories.setStatus(.failed, for: StoryID(rawValue: "plain")!, reason: "anything")
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 3)
        try await ports.stories.markFailed(StoryID(rawValue: "down")!, reason: "gemini: unavailable (503)", refundingQuota: true)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 2)
        // Marking it failed again gives nothing more back.
        try await ports.stories.markFailed(StoryID(rawValue: "down")!, reason: "again", refundingQuota: true)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 2)
    }

    @Test("model calls are recorded before they are sent and counted under the family's and the service's budgets",
          arguments: StoreBackend.allCases)
    func modelCallBudgets(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let budget = ModelBudget(familyDailyCalls: 2, serviceDailyCalls: 3)
        func call(_ family: FamilyRef?, kind: ModelCallKind = .text) -> ModelCall {
            ModelCall(provider: "gemini", model: "gemini-test:generateContent", kind: kind, family: family,
                      storyID: StoryID(rawValue: "s1"), at: clock.now())
        }
        guard case let .admitted(first) = try await ports.modelCalls.begin(call(Self.flood), budget: budget, since: today) else {
            Issue.record("the first call is admitted")
            return
        }
        try await ports.modelCalls.finish(first, outcome: .failed, status: 503, at: clock.now())
        #expect(try await ports.modelCalls.begin(call(Self.flood, kind: .picture), budget: budget, since: today) != .refused(.family))
        #expect(try await ports.modelCalls.begin(call(Self.flood), budget: budget, since: today) == .refused(.family),
                "a failed call counts too")
        #expect(try await ports.modelCalls.callsBegun(by: Self.flood, since: today) == ModelCallCount(family: 2, service: 2))

        #expect(try await ports.modelCalls.begin(call(Self.quiet), budget: budget, since: today) != .refused(.family))
        #expect(try await ports.modelCalls.begin(call(Self.quiet), budget: budget, since: today) == .refused(.service))
        #expect(try await ports.modelCalls.begin(call(nil), budget: budget, since: today) == .refused(.service))
        #expect(try await ports.modelCalls.callsBegun(by: Self.quiet, since: today) == ModelCallCount(family: 1, service: 3))

        clock.advance(by: 86_400)
        let tomorrow = DailyQuota.day(containing: clock.now()).start
        #expect(try await ports.modelCalls.callsBegun(by: Self.flood, since: tomorrow) == ModelCallCount(family: 0, service: 0))
        #expect(try await ports.modelCalls.begin(call(Self.flood), budget: budget, since: tomorrow) != .refused(.family))
    }

    @Test("refused requests are counted per person, platform and day", arguments: StoreBackend.allCases)
    func refusedRequests(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let other = Requester(userID: "u-leo", displayName: "Leo")
        for _ in 0..<3 { try await ports.refusals.recordRefusal(by: Fixtures.mia, on: "web", at: clock.now()) }
        try await ports.refusals.recordRefusal(by: other, on: "web", at: clock.now())
        #expect(try await ports.refusals.refusals(by: Fixtures.mia, on: "web", since: today) == 3)
        #expect(try await ports.refusals.refusals(by: Fixtures.mia, on: "discord", since: today) == 0)
        #expect(try await ports.refusals.refusals(by: other, on: "web", since: today) == 1)
        clock.advance(by: 86_400)
        #expect(try await ports.refusals.refusals(by: Fixtures.mia, on: "web", since: DailyQuota.day(containing: clock.now()).start) == 0)
    }

    @Test("replacing a collection entry's failed story is counted as a remake of that entry", arguments: StoreBackend.allCases)
    func remakes(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let growth = GrowthCollection(id: CollectionID(rawValue: "coll1")!, family: Fixtures.family, requester: Fixtures.mia,
                                      goal: .kindness, heroName: "Mia", age: 5, companion: nil, language: .english, storyCount: 3,
                                      seed: 1, createdAt: clock.now())
        _ = try await ports.collections.createCollection(growth, firstStory: Fixtures.story(id: "c1"), delivery: .background, quota: nil)
        #expect(try await ports.collections.addStory(Fixtures.story(id: "c2"), to: growth.id, position: 2, delivery: .background))
        #expect(try await ports.collections.remakes(of: growth.id, position: 2, since: today) == 0, "a first making is no remake")
        try await ports.stories.markFailed(StoryID(rawValue: "c2")!, reason: "x", refundingQuota: true)
        #expect(try await ports.collections.addStory(Fixtures.story(id: "c2b"), to: growth.id, position: 2, delivery: .background))
        try await ports.stories.markFailed(StoryID(rawValue: "c2b")!, reason: "x", refundingQuota: true)
        #expect(try await ports.collections.addStory(Fixtures.story(id: "c2c"), to: growth.id, position: 2, delivery: .background))
        #expect(try await ports.collections.remakes(of: growth.id, position: 2, since: today) == 2)
        #expect(try await ports.collections.remakes(of: growth.id, position: 3, since: today) == 0)
        clock.advance(by: 86_400)
        #expect(try await ports.collections.remakes(of: growth.id, position: 2, since: DailyQuota.day(containing: clock.now()).start) == 0)
    }
}
