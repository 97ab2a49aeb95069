import ConcurrencyKit
import Synchronization
import Testing

/// ``Race``: the first to finish answers, the others are cancelled and have ended on return.
@Suite("The first answer wins", .timeLimit(.minutes(1)))
struct RaceTests {
    private struct Refused: Error {}

    @Test("the first value wins; the others are cancelled and ended before the race returns")
    func firstValueWins() async throws {
        let slow = Gate()
        let ended = Mutex(0)
        let answer = try await Race.first([
            { @Sendable () async throws -> String in
                defer { ended.withLock { $0 += 1 } }
                try await slow.wait()
                return "slow"
            },
            { @Sendable () async throws -> String in
                await slow.waitForWaiters(1)
                return "quick"
            },
        ])
        #expect(answer == "quick")
        #expect(slow.cancelledWaiters == 1)
        #expect(ended.withLock { $0 } == 1, "the loser ended before the race returned")
    }

    @Test("the first error wins too")
    func firstErrorWins() async {
        let slow = Gate()
        await #expect(throws: Refused.self) {
            try await Race.first([
                { @Sendable () async throws -> Int in
                    try await slow.wait()
                    return 1
                },
                { @Sendable () async throws -> Int in
                    await slow.waitForWaiters(1)
                    throw Refused()
                },
            ])
        }
        #expect(slow.cancelledWaiters == 1)
    }

    @Test("cancelling the caller cancels every contender")
    func callerCancelled() async {
        let gate = Gate()
        let racing = Task {
            try await Race.first([
                { @Sendable () async throws -> Int in
                    try await gate.wait()
                    return 1
                },
                { @Sendable () async throws -> Int in
                    try await gate.wait()
                    return 2
                },
            ])
        }
        await gate.waitForWaiters(2)
        racing.cancel()
        await #expect(throws: CancellationError.self) { try await racing.value }
        #expect(gate.cancelledWaiters == 2)
    }
}
