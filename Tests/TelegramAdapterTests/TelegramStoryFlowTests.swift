import Foundation
import MagicalStories
import ProviderFakes
import StoryDomain
import TelegramAdapter
import TelegramSimulator
import Testing

/// The service as a Telegram bot, end to end against the Bot API simulator (built-in writer
/// and illustrator, a real SQLite file).
@Suite(.serialized) struct TelegramStoryFlowTests {
    static let group: Int64 = -1_001_234_567_890
    static let mum = TelegramSimulator.Person(id: 4_201, name: "Mum")
    static let grandpa = TelegramSimulator.Person(id: 4_202, name: "Grandpa")

    /// The bot's photo message in `chat` whose caption shows `page` ("page 2 of 3").
    static func page(_ page: String, in chat: Int64, of simulator: TelegramSimulator) async -> TelegramSimulatorMessage? {
        await simulator.botMessages(in: chat).first { $0.photoFileID != nil && ($0.caption ?? "").contains(page) }
    }

    static func callbackData(_ label: String, of message: TelegramSimulatorMessage) -> String? {
        for row in message.replyMarkup?["inline_keyboard"]?.array ?? [] {
            for button in row.array ?? [] where button["text"]?.string == label { return button["callback_data"]?.string }
        }
        return nil
    }

    /// Waits until every page of the family's stories is painted.
    static func waitUntilReady(_ bot: TelegramTestBot, family: FamilyRef) async -> Bool {
        await bot.simulator.wait(upTo: .seconds(60)) { _ in
            guard let library = try? await bot.app.stories.library(of: family, offset: 0, limit: 5), !library.items.isEmpty else { return false }
            return library.items.allSatisfy { $0.status == .ready }
        }
    }

    @Test func aGroupReadsAStoryTurningPagesInPlace() async throws {
        let simulator = try await TelegramSimulator.start()
        await simulator.setChatType("supergroup", of: Self.group)
        await simulator.setAdministrators([Self.mum], of: Self.group)
        let bot = try await TelegramTestBot.start(simulator: simulator)
        #expect(await simulator.commands?.array?.contains { $0["command"]?.string == "story" } == true)

        await simulator.say("/story@\(TelegramSimulator.botUsername) new theme:\"a sleepy dragon\" name:Mia age:5", in: Self.group, from: Self.grandpa)
        #expect(await simulator.wait(upTo: .seconds(60)) { await Self.page("page 1 of 3", in: Self.group, of: $0) != nil })
        let family = FamilyRef(platform: .telegram, externalID: String(Self.group))
        #expect(await Self.waitUntilReady(bot, family: family))
        var page1 = try #require(await Self.page("page 1 of 3", in: Self.group, of: simulator))
        let photoID = page1.id
        // The "on its way" message became the page: one bot message in the chat.
        #expect(await simulator.botMessages(in: Self.group).count == 1)
        let next = try #require(Self.callbackData("▶", of: page1))
        #expect(next.hasPrefix("ms:p:") && next.utf8.count <= 64)
        #expect(Self.callbackData("🔊 Read aloud", of: page1) != nil)

        let uploadsBefore = await simulator.uploadCount
        await simulator.press(next, on: page1.id, in: Self.group, by: Self.grandpa)
        #expect(await simulator.wait { await Self.page("page 2 of 3", in: Self.group, of: $0)?.id == photoID })
        #expect(await simulator.calls("answerCallbackQuery").count == 1)
        #expect(await simulator.uploadCount == uploadsBefore + 1)

        let page2 = try #require(await Self.page("page 2 of 3", in: Self.group, of: simulator))
        let back = try #require(Self.callbackData("◀", of: page2))
        await simulator.press(back, on: page2.id, in: Self.group, by: Self.mum)
        #expect(await simulator.wait { await Self.page("page 1 of 3", in: Self.group, of: $0)?.id == photoID })
        page1 = try #require(await Self.page("page 1 of 3", in: Self.group, of: simulator))
        // Back to page 1 by Telegram's file_id: nothing uploaded again.
        #expect(await simulator.uploadCount == uploadsBefore + 1)
        #expect(await simulator.calls("editMessageMedia").last?.uploads.isEmpty == true)

        // Pressing ◀… again on page 1 asks for what is shown: "not modified" is no error, and nothing new is posted.
        await simulator.press(back, on: page1.id, in: Self.group, by: Self.mum)
        #expect(await simulator.wait { await $0.calls("answerCallbackQuery").count == 3 })
        #expect(await simulator.wait { await $0.calls("editMessageMedia").count == 3 })
        #expect(await simulator.botMessages(in: Self.group).count == 1)

        // A grown-up (a chat admin) may see the settings; the library lists the story.
        await simulator.say("/story library", in: Self.group, from: Self.mum)
        #expect(await simulator.wait { await $0.botMessages(in: Self.group).contains { ($0.text ?? "").contains("Your family's stories") } })
        await bot.stop()
        bot.removeFiles()
        await simulator.stop()
    }

    @Test(.disabled("the theme chosen is refused by the request screen before any story: rework with a hostile theme it accepts"))
    func aHostileThemeAndNameAreShownAsTyped() async throws {
        let simulator = try await TelegramSimulator.start()
        let bot = try await TelegramTestBot.start(simulator: simulator)
        let chat: Int64 = 5_150
        let person = TelegramSimulator.Person(id: chat, name: "Z̷a̶l̴g̵o")
        await simulator.say("/story new theme:\"a fox_with *stars* [and](moons) ~ <3 & friends\" name:Z̷̛̖a̶̢l̴g̵o_* age:6", in: chat, from: person)
        #expect(await simulator.wait(upTo: .seconds(60)) { await Self.page("page 1 of", in: chat, of: $0) != nil })
        let sent = await simulator.calls("sendMessage").compactMap { $0.parameters["text"]?.string }
        let accepted = try #require(sent.first { $0.contains("on its way") })
        #expect(accepted.contains("*stars*"))
        #expect(accepted.contains("&lt;3 &amp; friends"))
        // Every message the bot sent parsed (the simulator refuses HTML that does not).
        #expect(await simulator.calls().allSatisfy { $0.errorCode == nil })
        await bot.stop()
        bot.removeFiles()
        await simulator.stop()
    }

    @Test("a private answer in a group goes to the asker's own chat; before they opened one, the group hears only that it waits")
    func privateAnswersLeaveNoPublicTrace() async throws {
        let simulator = try await TelegramSimulator.start()
        await simulator.setChatType("supergroup", of: Self.group)
        await simulator.setAdministrators([Self.mum], of: Self.group)
        let bot = try await TelegramTestBot.start(simulator: simulator)
        let grandpasChat = Int64(Self.grandpa.id)

        // Grandpa is not a chat admin: changing the settings is refused, privately.
        await simulator.say("/settings set approval:on", in: Self.group, from: Self.grandpa)
        #expect(await simulator.wait { await $0.botMessages(in: Self.group).contains { ($0.text ?? "").contains("private answer") } })
        #expect(await simulator.botMessages(in: Self.group).allSatisfy { !($0.text ?? "").contains("parental controls") })
        #expect(await simulator.botMessages(in: grandpasChat).isEmpty)

        // Once he has opened a chat with the bot, the answer itself reaches him there, and the group sees nothing new.
        await simulator.say("/help", in: grandpasChat, from: Self.grandpa)
        #expect(await simulator.wait { await !$0.botMessages(in: grandpasChat).isEmpty })
        let before = await simulator.botMessages(in: Self.group).count
        await simulator.say("/settings set approval:on", in: Self.group, from: Self.grandpa)
        #expect(await simulator.wait { await $0.botMessages(in: grandpasChat).contains { ($0.text ?? "").contains("parental controls") } })
        #expect(await simulator.botMessages(in: Self.group).count == before)
        await bot.stop()
        bot.removeFiles()
    }
}
