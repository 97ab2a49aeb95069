import ConcurrencyKit
import Foundation
import MagicalStories
import Operations
import ProviderFakes
import StoryDomain
import TelegramAdapter
import TelegramSimulator
import Testing

/// Restarts, conflicts and rate limits, end to end against the Bot API simulator.
@Suite(.serialized) struct TelegramResilienceTests {
    static let chat: Int64 = 4_242
    static let mum = TelegramSimulator.Person(id: chat, name: "Mum")

    /// Gaps between consecutive calls of `method`.
    static func gaps(_ method: String, of simulator: TelegramSimulator) async -> [Duration] {
        let times = await simulator.calls(method).map(\.at)
        return zip(times, times.dropFirst()).map { $1 - $0 }
    }

    @Test func aRestartMidStoryRepeatsNothingAndLosesNothing() async throws {
        let simulator = try await TelegramSimulator.start()
        let first = try await TelegramTestBot.start(simulator: simulator)
        let asked = await simulator.say("/story new theme:\"a brave owl\" name:Leo age:5", in: Self.chat, from: Self.mum)
        #expect(await simulator.wait { await $0.calls("sendMessage").contains { $0.parameters["text"]?.string?.contains("on its way") == true } })
        await first.stop()

        // Said while the service is down; and the first update comes again, as after a SIGKILL
        // between its work and the stored offset (its offset rewound, Telegram not told).
        await simulator.say("/story library", in: Self.chat, from: Self.mum)
        await simulator.redeliver(asked)
        let second = try await TelegramTestBot.start(simulator: simulator, directory: first.directory, beforeRun: { app in
            try await app.store.keyValues.setValue(String(asked), for: "telegram.update-offset")
        })
        #expect(await simulator.wait(upTo: .seconds(60)) { simulator in
            await simulator.botMessages(in: Self.chat).contains { $0.photoFileID != nil && ($0.caption ?? "").contains("page 1 of") }
        })
        #expect(await simulator.wait { await $0.botMessages(in: Self.chat).contains { ($0.text ?? "").contains("Your family's stories") } })
        let family = FamilyRef(platform: .telegram, externalID: String(Self.chat))
        #expect(try await second.app.stories.library(of: family, offset: 0, limit: 5).total == 1)
        let sent = await simulator.calls("sendMessage").compactMap { $0.parameters["text"]?.string }
        #expect(sent.filter { $0.contains("on its way") }.count == 1)
        #expect(sent.filter { $0.contains("Your family's stories") }.count == 1)
        // Everything was confirmed: nothing waits to be handled again.
        #expect(await simulator.wait { await $0.unconfirmedUpdates == 0 })
        await second.stop()
        second.removeFiles()
        await simulator.stop()
    }

    @Test func aConflictIsReportedAndBackedOffNotHotLooped() async throws {
        let simulator = try await TelegramSimulator.start()
        await simulator.fail("getUpdates", code: 409,
                             description: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
                             times: 3)
        let bot = try await TelegramTestBot.start(simulator: simulator) { config in
            config.telegram.polling.conflictBackoff = Backoff.Policy(first: .milliseconds(200), cap: .seconds(1), jitter: 0)
        }
        await simulator.say("/help", in: Self.chat, from: Self.mum)
        #expect(await simulator.wait { !(await $0.botMessages(in: Self.chat).isEmpty) })
        let gaps = await Self.gaps("getUpdates", of: simulator)
        // 200, 400, 800 ms after the three conflicts: waited each time, never retried at once.
        try #require(gaps.count >= 3)
        #expect(gaps[0] >= .milliseconds(190))
        #expect(gaps[1] >= .milliseconds(390))
        #expect(gaps[2] >= .milliseconds(790))
        #expect(bot.app.telegramBot?.status == .polling)
        await bot.stop()
        bot.removeFiles()
        await simulator.stop()
    }

    @Test func rateLimitsWaitRetryAfterAndSendOnce() async throws {
        let simulator = try await TelegramSimulator.start()
        await simulator.fail("getUpdates", code: 429, description: "Too Many Requests: retry after 1", retryAfter: 1)
        let bot = try await TelegramTestBot.start(simulator: simulator)
        await simulator.fail("sendMessage", code: 429, description: "Too Many Requests: retry after 1", retryAfter: 1)
        await simulator.say("/help", in: Self.chat, from: Self.mum)
        #expect(await simulator.wait { !(await $0.botMessages(in: Self.chat).isEmpty) })
        #expect(try #require(await Self.gaps("getUpdates", of: simulator).first) >= .seconds(1))
        let sends = await simulator.calls("sendMessage")
        #expect(sends.count == 2)
        #expect(sends.first?.errorCode == 429)
        #expect(try #require(await Self.gaps("sendMessage", of: simulator).first) >= .seconds(1))
        #expect(await simulator.botMessages(in: Self.chat).count == 1)
        await bot.stop()
        bot.removeFiles()
        await simulator.stop()
    }
}
