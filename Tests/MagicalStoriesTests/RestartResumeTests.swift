import Foundation
import MagicalStories
import Operations
import StoryDomain
import StoryProviders
import StoryStore
import StoryTestSupport
import Synchronization
import Testing
import WebChat

/// Paints like the built-in illustrator, records what it was asked, and after `limit` pictures
/// hangs until cancelled — the way a process dies mid-story.
final class RecordingIllustrator: Illustrator {
    let name = "recording"
    private let inner = OfflineIllustrator()
    private let limit: Int
    private let calls = Mutex<[(page: Int, hadPrevious: Bool)]>([])
    private let started = Mutex(0)

    init(stopAfter limit: Int = .max) { self.limit = limit }

    var pagesPainted: [Int] { calls.withLock { $0.map(\.page) } }
    /// Calls begun, including one hanging now.
    var callsStarted: Int { started.withLock { $0 } }
    var previousGiven: [Bool] { calls.withLock { $0.map(\.hadPrevious) } }

    func illustrate(_ request: IllustrationRequest) async throws -> Illustration {
        started.withLock { $0 += 1 }
        let count = calls.withLock { $0.count }
        if count >= limit {
            await untilCancelled()
            throw CancellationError()
        }
        calls.withLock { $0.append((request.pageNumber, request.previous != nil)) }
        return try await inner.illustrate(request)
    }
}

@Suite("Restart mid-story", .serialized)
struct RestartResumeTests {
    @Test("a story interrupted after two pictures resumes after a restart and is delivered once")
    func resumesOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-resume-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        // First life: the illustrator stops after two pages; then the process "dies".
        let dying = RecordingIllustrator(stopAfter: 2)
        let first = try await TestApp.start(directory: directory, illustrator: dying)
        let anna = try await ChatTestClient.join(first, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:a lighthouse by the sea name:Noor age:6 pages:5")
        let ack = try await anna.next("acknowledgement") { $0.message?.text?.contains("on its way") == true }
        let messageID = try #require(ack.message?.id)
        // Page 1 is shown as soon as it has its picture; the process dies while page 3 is painted.
        _ = try await anna.next("page 1") { $0.message?.id == messageID && $0.message?.page != nil }
        try await waitFor { dying.callsStarted == 3 ? true : nil }
        #expect(dying.pagesPainted == [1, 2])
        await anna.close()
        await first.stop()

        // Second life on the same database file.
        let resumed = RecordingIllustrator()
        let second = try await TestApp.start(directory: directory, illustrator: resumed)
        let ben = try await ChatTestClient.join(second, room: "family", name: "Ben")
        let delivered = try await ben.next("page 1 delivered after restart") { frame in
            frame.message?.id == messageID && frame.message?.page != nil
                || frame.messages?.contains { $0.id == messageID && $0.page != nil } == true
        }
        #expect(delivered.type == "message" || delivered.type == "history")
        // Only the missing pages were painted, the first of them from page 2's stored picture.
        try await waitFor { resumed.pagesPainted.count == 3 ? true : nil }
        #expect(resumed.pagesPainted == [3, 4, 5])
        #expect(resumed.previousGiven == [true, true, true])

        // Delivered exactly once: page 1 was shown before the crash and is not shown again. Once the
        // job is done the pipeline delivers nothing more, and a round trip on Ben's socket brings
        // anything it did deliver.
        let storyID = try #require(delivered.messages?.first { $0.id == messageID }?.page?.storyId)
        try await waitUntilReady(second.app.stories, id: storyID, family: FamilyRef(platform: "web", externalID: "family"))
        let jobs = SQLiteJobQueue(database: second.app.database!, clock: SystemWallClock())
        let story = try #require(StoryID(rawValue: storyID))
        try await waitForJobDone(jobs, story: story)
        try await ben.roundTrip()
        let deliveries = await ben.all().compactMap(\.message).filter { $0.id == messageID && $0.page != nil }
        #expect(deliveries.isEmpty)
        await ben.close()
        await second.stop()

        // A third start finds nothing left to do and delivers nothing again: the story's only job
        // is done, so the workers have nothing to claim.
        let idle = RecordingIllustrator()
        let third = try await TestApp.start(directory: directory, illustrator: idle)
        #expect(try await SQLiteJobQueue(database: third.app.database!, clock: SystemWallClock()).job(for: story)?.status == .done)
        let gran = try await ChatTestClient.join(third, room: "family", name: "Gran")
        _ = try await gran.next("history") { $0.type == "history" }
        try await gran.roundTrip()
        #expect(idle.pagesPainted.isEmpty)
        #expect(await gran.all().filter { $0.type == "message" }.isEmpty)
        await gran.close()
        await third.stop()
    }
}

/// Waits until the story's job is done (polling the database, which has no event to wait on).
func waitForJobDone(_ jobs: SQLiteJobQueue, story: StoryID, timeout: Duration = .seconds(30)) async throws {
    try await eventually("the job of story \(story) to be done", timeout: timeout) { try await jobs.job(for: story)?.status == .done }
}
