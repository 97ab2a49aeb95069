import DiscordModels
import Testing

/// ``Deadline``: the answer of a party that answers, a clear failure for one that does not.
@Suite("Waiting for another party, within a deadline")
struct DeadlineTests {
    private struct Refused: Error {}

    @Test("an answer in time is returned, nil included")
    func answerInTime() async throws {
        let wait: Int? = try await Deadline.answer(within: .seconds(30)) { 7 }
        #expect(wait == 7)
        let none: Int? = try await Deadline.answer(within: .seconds(30)) { nil }
        #expect(none == nil)
    }

    @Test("a party that never answers fails with Missed, and its wait is cancelled")
    func missed() async throws {
        let started = ContinuousClock.now
        let missed = await #expect(throws: Deadline.Missed.self) {
            try await Deadline.answer(within: .milliseconds(50)) { () async throws -> Int in
                try await Task.sleep(for: .seconds(3_600))
                return 1
            }
        }
        // The hour-long wait did not hold the caller: it was cancelled when the deadline passed.
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(missed?.timeout == .milliseconds(50))
        #expect(missed?.description.hasPrefix("no answer within") == true)
    }

    @Test("the party's own error is thrown as it is")
    func partyError() async {
        await #expect(throws: Refused.self) {
            try await Deadline.answer(within: .seconds(30)) { () async throws -> Int in throw Refused() }
        }
    }

    @Test("a cancelled caller stops waiting at once")
    func cancelled() async {
        let waiting = Task {
            try await Deadline.answer(within: .seconds(3_600)) { () async throws -> Int in
                try await Task.sleep(for: .seconds(3_600))
                return 1
            }
        }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
