@testable import DiscordAdapter
import Synchronization
import Testing

@Suite("DiscordBot: a deferral waits for the privacy check at most its budget")
struct DiscordAcknowledgementCheckBudgetTests {
    @Test("without a budget the check's answer is waited for")
    func unbounded() async {
        #expect(await DiscordBot.answersPrivately({ true }, within: nil) == true)
        #expect(await DiscordBot.answersPrivately({ false }, within: nil) == false)
    }

    @Test("a check that answers within its budget decides")
    func answeredInTime() async {
        #expect(await DiscordBot.answersPrivately({ true }, within: .seconds(60)) == true)
    }

    @Test("a zero budget makes no check: public")
    func zero() async {
        let asked = Mutex(false)
        #expect(await DiscordBot.answersPrivately({ asked.withLock { $0 = true }; return true }, within: .zero) == false)
        #expect(asked.withLock { $0 } == false)
    }

    @Test("a check still running at the budget, even one that ignores cancellation, is abandoned: public")
    func pastTheBudget() async {
        let held = Mutex<CheckedContinuation<Void, Never>?>(nil)
        // A read that neither answers nor stops when cancelled, until the test lets it go.
        let stuck: @Sendable () async -> Bool = {
            await withCheckedContinuation { continuation in held.withLock { $0 = continuation } }
            return true
        }
        #expect(await DiscordBot.answersPrivately(stuck, within: .milliseconds(10)) == false)
        held.withLock { $0.take() }?.resume()
    }
}

@Suite("DiscordBot: privacy checks left running past their budget are bounded")
struct DiscordPrivacyCheckSlotsTests {
    @Test("with every slot held by an abandoned check, the next command is public without a check; a finished check frees its slot")
    func boundedAbandonedChecks() async throws {
        let slots = PrivacyCheckSlots(limit: 1)
        let held = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let stuck: @Sendable () async -> Bool = {
            await withCheckedContinuation { continuation in held.withLock { $0 = continuation } }
            return true
        }
        #expect(await DiscordBot.answersPrivately(stuck, within: .milliseconds(10), slots: slots) == false)
        #expect(slots.taken == 1)
        let asked = Mutex(false)
        #expect(await DiscordBot.answersPrivately({ asked.withLock { $0 = true }; return true },
                                                within: .seconds(60), slots: slots) == false)
        #expect(asked.withLock { $0 } == false)
        // The abandoned check answers at last and gives its slot back.
        while held.withLock({ $0 }) == nil { await Task.yield() }
        held.withLock { $0.take() }?.resume()
        let deadline = ContinuousClock.now + .seconds(30)
        while slots.taken > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(slots.taken == 0)
        #expect(await DiscordBot.answersPrivately({ true }, within: .seconds(60), slots: slots) == true)
        #expect(slots.taken == 0)
    }
}
