import Foundation
import StoryDomain
import StoryTestSupport
import Testing
@testable import StoryStore

@Suite("SQLiteJobQueue")
struct SQLiteJobQueueTests {
    let temp: TemporaryDatabase
    let database: AppDatabase
    let clock = ManualWallClock()
    let repository: SQLiteStoryRepository
    let queue: SQLiteJobQueue
    let delivery = DeliveryAddress(platform: "discord", channelID: "c1", messageID: "@original", secret: "interaction-token")

    init() throws {
        temp = try TemporaryDatabase()
        database = try temp.open()
        repository = SQLiteStoryRepository(database: database, clock: clock)
        queue = SQLiteJobQueue(database: database, clock: clock)
    }

    @Test("jobs are claimed oldest first, once each, with the attempt counted")
    func claimsInOrder() async throws {
        defer { temp.cleanUp() }
        _ = try await repository.createStory(Fixtures.story(id: "first"), delivery: delivery, quota: nil)
        clock.advance(by: 1)
        _ = try await repository.createStory(Fixtures.story(id: "second"), delivery: delivery, quota: nil)
        let a = try #require(try await queue.claimNext(now: clock.now()))
        let b = try #require(try await queue.claimNext(now: clock.now()))
        #expect(a.storyID.rawValue == "first" && a.attempts == 1 && a.status == .running)
        #expect(b.storyID.rawValue == "second")
        #expect(try await queue.claimNext(now: clock.now()) == nil)
        #expect(a.delivery == delivery)
    }

    @Test("a retried job waits for its time, then runs again with the error kept")
    func retryWaits() async throws {
        defer { temp.cleanUp() }
        _ = try await repository.createStory(Fixtures.story(), delivery: delivery, quota: nil)
        let job = try #require(try await queue.claimNext(now: clock.now()))
        try await queue.retry(job.id, notBefore: clock.now().addingTimeInterval(30), error: "provider 503")
        #expect(try await queue.claimNext(now: clock.now()) == nil)
        clock.advance(by: 31)
        let again = try #require(try await queue.claimNext(now: clock.now()))
        #expect(again.attempts == 2)
        #expect(again.lastError == "provider 503")
    }

    @Test("after a crash, running jobs go back to the queue once their lease ran out; finished ones do not")
    func requeueInterrupted() async throws {
        defer { temp.cleanUp() }
        _ = try await repository.createStory(Fixtures.story(id: "done"), delivery: delivery, quota: nil)
        _ = try await repository.createStory(Fixtures.story(id: "crashed"), delivery: delivery, quota: nil)
        let done = try #require(try await queue.claimNext(now: clock.now()))
        _ = try #require(try await queue.claimNext(now: clock.now()))
        try await queue.finish(done.id)

        // A new process opens the same file: the crashed job comes back once its lease ran out.
        let restarted = SQLiteJobQueue(database: try temp.open(), clock: clock)
        #expect(try await restarted.requeueInterrupted() == 0, "the lease is still live")
        clock.advance(by: JobLease.defaultDuration + 1)
        #expect(try await restarted.requeueInterrupted() == 1)
        let resumed = try #require(try await restarted.claimNext(now: clock.now()))
        #expect(resumed.storyID.rawValue == "crashed")
        #expect(try await restarted.claimNext(now: clock.now()) == nil)
        #expect(try await restarted.job(for: done.storyID)?.status == .done)
    }
}

@Suite("SQLiteChatTranscript")
struct SQLiteChatTranscriptTests {
    @Test("messages are kept per room, edits replace in place, recent returns the newest oldest-first")
    func transcript() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let transcript = SQLiteChatTranscript(database: try temp.open())
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<5 {
            let date = start.addingTimeInterval(Double(index))
            try await transcript.upsert(TranscriptEntry(id: "m\(index)", room: "family", payload: Data("v1-\(index)".utf8),
                                                        createdAt: date, updatedAt: date))
        }
        try await transcript.upsert(TranscriptEntry(id: "x", room: "other", payload: Data("x".utf8), createdAt: start, updatedAt: start))
        try await transcript.upsert(TranscriptEntry(id: "m1", room: "family", payload: Data("edited".utf8),
                                                    createdAt: start.addingTimeInterval(99), updatedAt: start.addingTimeInterval(99)))
        let recent = try await transcript.recent(room: "family", limit: 3)
        #expect(recent.map(\.id) == ["m2", "m3", "m4"])
        let edited = try #require(try await transcript.entry(id: "m1"))
        #expect(edited.payload == Data("edited".utf8))
        #expect(edited.createdAt == start.addingTimeInterval(1))
        #expect(try await transcript.recent(room: "other", limit: 10).count == 1)
    }
}

@Suite("SQLiteKeyValueStore")
struct SQLiteKeyValueStoreTests {
    @Test("values are set, replaced, survive a reopen, and are removed with nil")
    func roundTrip() async throws {
        let temp = try TemporaryDatabase()
        defer { temp.cleanUp() }
        let clock = ManualWallClock()
        let store = SQLiteKeyValueStore(database: try temp.open(), clock: clock)
        #expect(try await store.value(for: "gateway.session") == nil)
        try await store.setValue("one", for: "gateway.session")
        try await store.setValue("two", for: "gateway.session")
        let reopened = SQLiteKeyValueStore(database: try temp.open(), clock: clock)
        #expect(try await reopened.value(for: "gateway.session") == "two")
        try await reopened.setValue(nil, for: "gateway.session")
        #expect(try await store.value(for: "gateway.session") == nil)
    }
}
