import Foundation
import GRDB
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("SQLiteStoryRepository")
struct SQLiteStoryRepositoryTests {
    let temp: TemporaryDatabase
    let database: AppDatabase
    let clock = ManualWallClock()
    let repository: SQLiteStoryRepository
    let delivery = DeliveryAddress(platform: "web", channelID: "family", messageID: "m1")

    init() throws {
        temp = try TemporaryDatabase()
        database = try temp.open()
        repository = SQLiteStoryRepository(database: database, clock: clock)
    }

    @Test("a story and its job are created together and read back unchanged")
    func createAndRead() async throws {
        defer { temp.cleanUp() }
        let story = Fixtures.story()
        let job = try await repository.createStory(story, delivery: delivery, quota: nil)
        #expect(job.storyID == story.id)
        #expect(job.status == .queued)
        #expect(job.delivery == delivery)
        #expect(try await repository.story(story.id) == story)
    }

    @Test("a duplicate story id is refused and leaves no half-made job")
    func duplicateIsAtomic() async throws {
        defer { temp.cleanUp() }
        _ = try await repository.createStory(Fixtures.story(), delivery: delivery, quota: nil)
        await #expect(throws: (any Error).self) { _ = try await repository.createStory(Fixtures.story(), delivery: delivery, quota: nil) }
        let jobs = try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job") }
        #expect(jobs == 1)
    }

    @Test("text is saved once; saving again keeps the pages already there")
    func saveTextIsIdempotent() async throws {
        defer { temp.cleanUp() }
        let story = Fixtures.story(pages: 3)
        _ = try await repository.createStory(story, delivery: delivery, quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        _ = try await repository.saveIllustration(Fixtures.picture(1), for: story.id, page: 1)
        try await repository.saveText(Fixtures.written(pages: 3, title: "Other"), for: story.id)
        let pages = try await repository.pages(of: story.id)
        #expect(pages.map(\.number) == [1, 2, 3])
        #expect(pages[0].imageID != nil)
        #expect(pages[0].text == "Page 1 text.")
        let saved = try #require(try await repository.story(story.id))
        #expect(saved.status == .illustrating)
        #expect(saved.sheet == Fixtures.sheet)
    }

    @Test("pictures are stored once by checksum, with content type and size")
    func picturesAreContentAddressed() async throws {
        defer { temp.cleanUp() }
        let story = Fixtures.story(pages: 3)
        _ = try await repository.createStory(story, delivery: delivery, quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        let first = try await repository.saveIllustration(Fixtures.picture(7), for: story.id, page: 1)
        let second = try await repository.saveIllustration(Fixtures.picture(7), for: story.id, page: 2)
        #expect(first == second)
        #expect(first.rawValue == ContentAddress.of(Fixtures.picture(7).data))
        let image = try #require(try await repository.image(first))
        #expect(image.contentType == "image/png")
        #expect(image.data == Fixtures.picture(7).data)
        #expect(image.width == 768 && image.height == 512)
    }

    @Test("a page snapshot carries the story and the page; missing pages are nil")
    func pageSnapshot() async throws {
        defer { temp.cleanUp() }
        let story = Fixtures.story(pages: 3)
        _ = try await repository.createStory(story, delivery: delivery, quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        let snapshot = try #require(try await repository.pageSnapshot(story.id, page: 2))
        #expect(snapshot.page.number == 2)
        #expect(snapshot.story.title == "Mia and the Sleepy Dragon")
        #expect(try await repository.pageSnapshot(story.id, page: 4) == nil)
        #expect(try await repository.pageSnapshot(StoryID(rawValue: "nope")!, page: 1) == nil)
    }

    @Test("the library lists a family's stories newest first, paged, and no other family's")
    func libraryPaging() async throws {
        defer { temp.cleanUp() }
        for index in 0..<7 {
            let story = Fixtures.story(id: "s\(index)", theme: "theme \(index)", at: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
            _ = try await repository.createStory(story, delivery: delivery, quota: nil)
        }
        _ = try await repository.createStory(Fixtures.story(id: "other", family: FamilyRef(platform: "web", externalID: "neighbours")),
                                             delivery: delivery, quota: nil)
        let first = try await repository.library(of: Fixtures.family, offset: 0, limit: 5)
        #expect(first.total == 7)
        #expect(first.items.map(\.id.rawValue) == ["s6", "s5", "s4", "s3", "s2"])
        let second = try await repository.library(of: Fixtures.family, offset: 5, limit: 5)
        #expect(second.items.map(\.id.rawValue) == ["s1", "s0"])
        let empty = try await repository.library(of: FamilyRef(platform: "web", externalID: "nobody"), offset: 0, limit: 5)
        #expect(empty.total == 0 && empty.items.isEmpty)
    }

    @Test("finding stories matches title or theme words, treating % and _ literally")
    func findStories() async throws {
        defer { temp.cleanUp() }
        _ = try await repository.createStory(Fixtures.story(id: "a", theme: "the moon"), delivery: delivery, quota: nil)
        _ = try await repository.createStory(Fixtures.story(id: "b", theme: "100% fun"), delivery: delivery, quota: nil)
        try await repository.saveText(Fixtures.written(pages: 3, title: "Goodnight Moon"), for: StoryID(rawValue: "a")!)
        #expect(try await repository.findStories(in: Fixtures.family, matching: "moon", limit: 10).map(\.id.rawValue) == ["a"])
        #expect(try await repository.findStories(in: Fixtures.family, matching: "100%", limit: 10).map(\.id.rawValue) == ["b"])
        #expect(try await repository.findStories(in: Fixtures.family, matching: "%", limit: 10).map(\.id.rawValue) == ["b"])
    }

    @Test("deleting a story removes its pages, job and pictures, but keeps pictures another story uses")
    func deleteCascades() async throws {
        defer { temp.cleanUp() }
        let one = Fixtures.story(id: "one", pages: 3)
        let two = Fixtures.story(id: "two", pages: 3)
        for story in [one, two] {
            _ = try await repository.createStory(story, delivery: delivery, quota: nil)
            try await repository.saveText(Fixtures.written(pages: 3), for: story.id)
        }
        let shared = try await repository.saveIllustration(Fixtures.picture(1), for: one.id, page: 1)
        _ = try await repository.saveIllustration(Fixtures.picture(1), for: two.id, page: 1)
        let own = try await repository.saveIllustration(Fixtures.picture(2), for: one.id, page: 2)

        #expect(try await repository.deleteStory(one.id))
        #expect(try await repository.story(one.id) == nil)
        #expect(try await repository.pages(of: one.id).isEmpty)
        #expect(try await repository.image(own) == nil)
        #expect(try await repository.image(shared) != nil)
        let jobs = try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job") }
        #expect(jobs == 1)
        #expect(try await repository.deleteStory(one.id) == false)
    }
}
