import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("Daily quota")
struct DailyQuotaTests {
    @Test("many requests at once: exactly the allowed number are stored")
    func race() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let repository = SQLiteStoryRepository(database: try temp.open(), clock: ManualWallClock())
        let quota = DailyQuota(storiesPerDay: 3)
        let accepted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    do {
                        _ = try await repository.createStory(Fixtures.story(id: "race\(index)"), delivery: DeliveryAddress(platform: "web", channelID: "f"),
                                                             quota: quota)
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(accepted == 3)
    }

    @Test("a failed story does not count, another person has their own quota, and it resets the next UTC day")
    func rules() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000)) // 2027-01-15 08:00 UTC
        let repository = SQLiteStoryRepository(database: try temp.open(), clock: clock)
        let quota = DailyQuota(storiesPerDay: 2)
        let delivery = DeliveryAddress(platform: "web", channelID: "f")
        _ = try await repository.createStory(Fixtures.story(id: "a1"), delivery: delivery, quota: quota)
        _ = try await repository.createStory(Fixtures.story(id: "a2"), delivery: delivery, quota: quota)
        await #expect(throws: QuotaExceeded(limit: 2, resetsAt: Date(timeIntervalSince1970: 1_800_000_000 - 28_800 + 86_400),
                                               now: clock.now())) {
            _ = try await repository.createStory(Fixtures.story(id: "a3"), delivery: delivery, quota: quota)
        }
        try await repository.markFailed(StoryID(rawValue: "a2")!, reason: "provider down", refundingQuota: true)
        _ = try await repository.createStory(Fixtures.story(id: "a4"), delivery: delivery, quota: quota)

        var other = Fixtures.story(id: "b1")
        other.requester = Requester(userID: "u-ben", displayName: "Ben")
        _ = try await repository.createStory(other, delivery: delivery, quota: quota)

        clock.advance(by: 16 * 3600)
        _ = try await repository.createStory(Fixtures.story(id: "a5", at: clock.now()), delivery: delivery, quota: quota)
        #expect(try await repository.storiesStarted(by: Fixtures.mia, on: "web", since: DailyQuota.day(containing: clock.now()).start) == 1)
    }
}
