import Foundation
import StoryDomain
import StoryTestSupport
import Testing

/// The quota ledger's pools on every backend: stories that call a model and stories the
/// built-in providers make alone are counted apart, each over the family's local day.
@Suite("Storage contract: quota pools and the family's day")
struct QuotaPoolContractTests {
    static let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")
    static let paris = TimeZone(identifier: "Europe/Paris")!
    // 2027-01-15 22:30 UTC: 23:30 in Paris.
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000 + 14.5 * 3_600))

    @Test("each pool has its own count and limit; a refund gives back to its own pool", arguments: StoreBackend.allCases)
    func pools(_ backend: StoreBackend) async throws {
        let ports = try await backend.make(clock: clock)
        let models = DailyQuota(storiesPerDay: 1, timeZone: Self.paris)
        let builtIn = DailyQuota(storiesPerDay: 2, pool: .builtIn, timeZone: Self.paris)
        _ = try await ports.stories.createStory(Fixtures.story(id: "model"), delivery: Self.delivery, quota: models)
        _ = try await ports.stories.createStory(Fixtures.story(id: "free1"), delivery: Self.delivery, quota: builtIn)
        _ = try await ports.stories.createStory(Fixtures.story(id: "free2"), delivery: Self.delivery, quota: builtIn)
        let refused = await #expect(throws: QuotaExceeded.self) {
            _ = try await ports.stories.createStory(Fixtures.story(id: "free3"), delivery: Self.delivery, quota: builtIn)
        }
        #expect(refused?.pool == .builtIn && refused?.limit == 2 && refused?.timeZone == Self.paris)
        #expect(refused?.resetsAt == Date(timeIntervalSince1970: 1_800_000_000 + 15 * 3_600), "Paris midnight, 23:00 UTC")
        await #expect(throws: QuotaExceeded.self) {
            _ = try await ports.stories.createStory(Fixtures.story(id: "model2"), delivery: Self.delivery, quota: models)
        }

        let today = builtIn.day(containing: clock.now()).start
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today, pool: .models) == 1)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today, pool: .builtIn) == 2)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today) == 1, "models by default")

        try await ports.stories.markFailed(StoryID(rawValue: "free1")!, reason: "painting failed", refundingQuota: true)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today, pool: .builtIn) == 1)
        #expect(try await ports.stories.storiesStarted(by: Fixtures.mia, on: "web", since: today, pool: .models) == 1)
        _ = try await ports.stories.createStory(Fixtures.story(id: "free3"), delivery: Self.delivery, quota: builtIn)

        // 31 minutes later it is a new day in Paris (not yet in UTC).
        clock.advance(by: 31 * 60)
        _ = try await ports.stories.createStory(Fixtures.story(id: "model3", at: clock.now()), delivery: Self.delivery, quota: models)
        _ = try await ports.stories.createStory(Fixtures.story(id: "free4", at: clock.now()), delivery: Self.delivery, quota: builtIn)
    }
}
