import ConcurrencyKit
import StoryTestSupport
import Testing

/// ``Deadline``: the answer of a party that answers, a clear failure for one that does not,
/// timed on a manual clock.
@Suite("Waiting for another party, within a deadline", .timeLimit(.minutes(1)))
struct DeadlineTests {
    private struct Refused: Error {}

    @Test("an answer in time is returned, nil included")
    func answerInTime() async throws {
        let clock = ManualClock()
        let wait: Int? = try await Deadline.answer(within: .seconds(30), clock: clock) { 7 }
        #expect(wait == 7)
        let none: Int? = try await Deadline.answer(within: .seconds(30), clock: clock) { nil }
        #expect(none == nil)
    }

    @Test("a party that never answers fails with Missed when the clock passes the deadline, and its wait is cancelled")
    func missed() async throws {
        let clock = ManualClock()
        let party = Gate()
        let waiting = Task {
            try await Deadline.answer(within: .seconds(5), clock: clock) { () async throws -> Int in
                try await party.wait()
                return 1
            }
        }
        await clock.waitForSleepers { $0 == [ManualClock.Instant(offset: .seconds(5))] }
        await party.waitForWaiters(1)
        clock.advance(by: .seconds(5))
        let missed = await #expect(throws: Deadline.Missed.self) { try await waiting.value }
        #expect(party.cancelledWaiters == 1, "the party's wait was cancelled")
        #expect(missed?.timeout == .seconds(5))
        #expect(missed?.description.hasPrefix("no answer within") == true)
    }

    @Test("the party's own error is thrown as it is")
    func partyError() async {
        await #expect(throws: Refused.self) {
            try await Deadline.answer(within: .seconds(30), clock: ManualClock()) { () async throws -> Int in throw Refused() }
        }
    }

    @Test("a cancelled caller stops waiting at once")
    func cancelled() async {
        let clock = ManualClock()
        let waiting = Task {
            try await Deadline.answer(within: .seconds(3_600), clock: clock) { () async throws -> Int in
                try await clock.sleep(for: .seconds(7_200))
                return 1
            }
        }
        await clock.waitForSleepers { $0.count == 2 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(clock.sleepingUntil.isEmpty, "both sleeps were cancelled")
    }
}
