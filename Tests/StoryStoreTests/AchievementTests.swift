import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("Reading progress and achievements")
struct AchievementTests {
    @Test("first story, a three-night streak and five stories are each earned once, by the family")
    func achievements() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let database = try temp.open()
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000)) // 2027-01-15 08:00 UTC
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        let store = SQLiteCollectionStore(database: database, clock: clock)
        var earned: [[Achievement.Kind]] = []
        for night in 0..<5 {
            let story = Fixtures.story(id: "night\(night)", at: clock.now())
            _ = try await repository.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "f"), quota: nil)
            let outcome = try await store.recordRead(of: story, at: clock.now())
            #expect(outcome.firstRead)
            earned.append(outcome.earned.map(\.kind))
            #expect(try await store.recordRead(of: story, at: clock.now()).firstRead == false, "reading it again changes nothing")
            if night < 2 { clock.advance(by: 86_400) }
        }
        #expect(earned == [[.firstStory], [], [.threeNightStreak], [], [.fiveStories]])
    }

    @Test("a skipped night breaks the streak")
    func brokenStreak() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let database = try temp.open()
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let repository = SQLiteStoryRepository(database: database, clock: clock)
        let store = SQLiteCollectionStore(database: database, clock: clock)
        var kinds: [Achievement.Kind] = []
        for (night, gap) in [1, 2, 1].enumerated() {
            let story = Fixtures.story(id: "gap\(night)", at: clock.now())
            _ = try await repository.createStory(story, delivery: DeliveryAddress(platform: "web", channelID: "f"), quota: nil)
            kinds += try await store.recordRead(of: story, at: clock.now()).earned.map(\.kind)
            clock.advance(by: Double(gap) * 86_400)
        }
        #expect(!kinds.contains(.threeNightStreak))
    }
}
