import DiscordModels
import DiscordSimulator
import Foundation
import GRDB
import Logging
import MagicalStories
import Operations
import Narration
import ProviderFakes
import StoryBot
import StoryDomain
import StoryTestSupport
import StoryStore
import Testing
import WebChat

/// Reading aloud through the whole service: 🔊 and `/story listen` on the Discord simulator and
/// in the web chat, with the built-in voice (espeak-ng, which `scripts/setup.sh` installs) and
/// with the Gemini speech API's fake.
@Suite("Read aloud end to end", .serialized)
struct ReadAloudEndToEndTests {
    static let channel = DiscordSimulator.defaultChannelID
    static let createMessage = "POST /channels/{channel_id}/messages"

    static func isPage(_ number: Int, of count: Int) -> @Sendable (SimulatedMessage) -> Bool {
        { $0.embeds.first?.footer?.text == "page \(number) of \(count)" }
    }

    /// The channel's voice messages, once there are at least `count`.
    static func voiceMessages(_ simulator: DiscordSimulator, count: Int, timeout: Duration = .seconds(60)) async throws -> [SimulatedMessage] {
        var voice: [SimulatedMessage] = []
        try await eventually("\(count) voice messages", timeout: timeout) {
            voice = simulator.messages(channelID: channel).filter { $0.flags & SimulatedMessage.Flag.voiceMessage != 0 }
            return voice.count >= count
        }
        return voice
    }

    static func rows(_ table: String, in database: AppDatabase) async throws -> Int {
        try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    /// Seconds the built-in voice should take for `text`, at its bedtime pace.
    static func expectedSeconds(_ text: String) -> Double {
        Double(SpokenText.clean(text, heroName: "").split(whereSeparator: \.isWhitespace).count) / 130 * 60
    }

    /// Starts a story and returns page 1's message once the story is ready.
    static func readyStory(_ bot: DiscordTestBot, pages: Int = 3) async throws -> (SimulatedMessage, StoryID) {
        let command = bot.simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia",
                                                                                  "age": 5, "pages": .int(Int64(pages))])
        await bot.simulator.sendInteraction(command)
        let page1 = try await bot.simulator.waitForOriginalResponse(interactionID: command.id, where: isPage(1, of: pages),
                                                                    timeout: .seconds(30))
        let next = try #require(page1.components.first?.components?[2].customID)
        let id = String(next.split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: id, family: DiscordTestBot.family)
        return (page1, try #require(StoryID(rawValue: id)))
    }

    @Test("🔊 on Discord: acknowledged at once, then a voice message (flag 8192, duration_secs, waveform) of valid Ogg/Opus; made once; deleted with the story")
    func discordVoiceMessage() async throws {
        let espeak = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/espeak-ng") } ?? false
        try #require(espeak, "espeak-ng is not installed: run scripts/setup.sh (Debian package espeak-ng)")
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let (page1, storyID) = try await Self.readyStory(bot)
        let listen = try #require(page1.components.dropFirst().first?.components?.first)
        #expect(listen.emoji?.name == "ms_read_aloud" && listen.label == "Read aloud")
        #expect(ComponentID(encoded: listen.customID ?? "") == .listen(storyID, 1))

        let press = simulator.makeButtonPress(customID: try #require(listen.customID), messageID: page1.id)
        await simulator.sendInteraction(press)
        let ack = try await simulator.waitForCallback(interactionID: press.id)
        #expect(ack.type == .deferredChannelMessage)
        #expect(try #require(simulator.acknowledgementLatency(interactionID: press.id)) < .seconds(3))

        let voice = try #require(try await Self.voiceMessages(simulator, count: 1).first)
        #expect((voice.content ?? "").isEmpty && voice.embeds.isEmpty && voice.components.isEmpty)
        let audio = try #require(voice.attachments.first)
        #expect(voice.attachments.count == 1)
        #expect(audio.contentType.hasPrefix("audio/ogg") && audio.filename.hasSuffix("-page-1.ogg"))
        let waveform = try #require(audio.waveform.flatMap { Data(base64Encoded: $0) })
        #expect((1...256).contains(waveform.count))
        let info = try OggOpusInfo(audio.data)
        let duration = try #require(audio.durationSecs)
        #expect(abs(info.duration - duration) < 0.05)
        let text = try #require(try await bot.app.stories.page(storyID, number: 1, family: DiscordTestBot.family)).page.text
        let expected = Self.expectedSeconds(text)
        #expect(abs(info.duration - expected) <= expected * 0.25, "\(info.duration) s for \(expected) s of words")
        let said = try await simulator.waitForOriginalResponse(interactionID: press.id, where: { $0.content?.contains("read aloud") == true })
        #expect(said.content?.contains("page 1 of 3") == true)

        // A second listen is served from the story's kept narration: the same bytes, nothing new stored.
        let again = simulator.makeButtonPress(customID: try #require(listen.customID), messageID: page1.id)
        await simulator.sendInteraction(again)
        let second = try await Self.voiceMessages(simulator, count: 2)
        #expect(second.last?.attachments.first?.data == audio.data)
        #expect(try await Self.rows("narration", in: try #require(bot.app.store.sqlite)) == 1)

        // `/story listen` reads the whole story (the family's newest) into a second narration.
        let command = simulator.makeSlashCommand(subcommand: "listen", options: ["page": "whole"])
        await simulator.sendInteraction(command)
        let whole = try await Self.voiceMessages(simulator, count: 3)
        let wholeInfo = try OggOpusInfo(try #require(whole.last?.attachments.first?.data))
        #expect(wholeInfo.duration > info.duration * 2)
        #expect(try await Self.rows("narration", in: try #require(bot.app.store.sqlite)) == 2)

        // Deleting the story deletes its narration.
        try await bot.app.stories.deleteStory(storyID, family: DiscordTestBot.family,
                                              by: Requester(userID: "admin", displayName: "Admin"), isManager: true)
        #expect(try await Self.rows("narration", in: try #require(bot.app.store.sqlite)) == 0)
        #expect(try await Self.rows("audio", in: try #require(bot.app.store.sqlite)) == 0)
        await bot.stopAll()
    }

    @Test("where Discord refuses a voice message (50173), the narration comes as an Ogg/Opus file instead")
    func discordFallbackFile() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let (page1, _) = try await Self.readyStory(bot)
        simulator.injectError(route: Self.createMessage, status: 403, code: 50173, message: "Cannot send voice messages in this channel")
        let listen = try #require(page1.components.dropFirst().first?.components?.first?.customID)
        let press = simulator.makeButtonPress(customID: listen, messageID: page1.id)
        await simulator.sendInteraction(press)
        var file: SimulatedAttachment?
        try await eventually("a narration file follows the refused voice message", timeout: .seconds(60)) {
            file = simulator.followUps(interactionID: press.id).flatMap(\.attachments).first { $0.filename.hasSuffix(".ogg") }
            return file != nil
        }
        let audio = try #require(file, "no narration file followed the refused voice message")
        #expect(try OggOpusInfo(audio.data).duration > 1)
        #expect(audio.durationSecs == nil, "a plain file is not a voice message")
        await bot.stopAll()
    }

    @Test("narration never holds up page turns: with 20 slow 🔊 presses waiting, ▶ is answered at once")
    func pageTurnsNotBlocked() async throws {
        let fake = SpeechFake()
        try await fake.start()
        let bot = try await DiscordTestBot.start { config in
            config.gemini.apiKey = fake.apiKey
            config.gemini.apiURL = fake.geminiURL
            config.narration.provider = .gemini
        }
        let simulator = bot.simulator
        let (page1, _) = try await Self.readyStory(bot)
        fake.setLatency(.seconds(4))
        let listen = try #require(page1.components.dropFirst().first?.components?.first?.customID)
        // More presses than the button lane works at once (16): each waits for the slow voice.
        let presses = (0..<20).map { _ in simulator.makeButtonPress(customID: listen, messageID: page1.id) }
        for press in presses { await simulator.sendInteraction(press) }
        for press in presses { _ = try await simulator.waitForCallback(interactionID: press.id, timeout: .seconds(10)) }
        #expect(fake.requests.count <= 1, "the same page is made once")
        let next = try #require(page1.components.first?.components?[2].customID)
        let turn = simulator.makeButtonPress(customID: next, messageID: page1.id)
        await simulator.sendInteraction(turn)
        let update = try await simulator.waitForCallback(interactionID: turn.id, timeout: .seconds(3))
        #expect(update.type == .updateMessage)
        #expect(Self.voiceMessagesNow(simulator).isEmpty, "the page turned while every narration was still being made")
        _ = try await Self.voiceMessages(simulator, count: 20)
        #expect(fake.requests.count == 1)
        await bot.stopAll()
        await fake.stop()
    }

    static func voiceMessagesNow(_ simulator: DiscordSimulator) -> [SimulatedMessage] {
        simulator.messages(channelID: channel).filter { $0.flags & SimulatedMessage.Flag.voiceMessage != 0 }
    }

    @Test("Gemini reads aloud when configured: one narration model call in the ledger, for the family")
    func geminiVoice() async throws {
        let fake = SpeechFake()
        try await fake.start()
        let bot = try await DiscordTestBot.start { config in
            config.gemini.apiKey = fake.apiKey
            config.gemini.apiURL = fake.geminiURL
            config.narration.provider = .gemini
            config.narration.geminiVoice = "Leda"
        }
        let simulator = bot.simulator
        let (page1, storyID) = try await Self.readyStory(bot)
        let listen = try #require(page1.components.dropFirst().first?.components?.first?.customID)
        await simulator.sendInteraction(simulator.makeButtonPress(customID: listen, messageID: page1.id))
        let voice = try #require(try await Self.voiceMessages(simulator, count: 1).first?.attachments.first)
        let text = try #require(try await bot.app.stories.page(storyID, number: 1, family: DiscordTestBot.family)).page.text
        let expected = fake.seconds(for: SpokenText.clean(text, heroName: "Mia"))
        #expect(abs(try OggOpusInfo(voice.data).duration - expected) <= expected * 0.25)
        #expect(fake.requests.count == 1)
        #expect(fake.requests.first?.json?["generationConfig"]?["speechConfig"]?["voiceConfig"]?["prebuiltVoiceConfig"]?["voiceName"]?.string == "Leda")
        let calls = try await try #require(bot.app.store.sqlite).writer.read { db in
            try Row.fetchAll(db, sql: "SELECT family_key, story_id, provider, kind, outcome FROM model_call WHERE kind = 'narration'")
        }
        #expect(calls.count == 1)
        #expect(calls.first?["provider"] == "gemini" && calls.first?["story_id"] == storyID.rawValue)
        #expect((calls.first?["family_key"] as String?)?.contains(String(describing: DiscordSimulator.defaultGuildID)) == true)
        await bot.stopAll()
        await fake.stop()
    }
}

extension ReadAloudEndToEndTests {
    @Test("🔊 in the web chat: an audio player for everyone in the room, served from /audio only to the room's members")
    func webChatPlayer() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        let zed = try await ChatTestClient.join(app, room: "neighbours", name: "Zed")
        try await anna.say(#"/story new theme:"a sleepy dragon" name:Mia age:5 pages:3"#)
        let ack = try await anna.next("acknowledgement") { $0.message?.fromBot == true && $0.message?.text?.contains("on its way") == true }
        let ackID = try #require(ack.message?.id)
        let page1 = try await anna.next("page 1") { $0.message?.id == ackID && $0.message?.page != nil }
        let storyID = try #require(page1.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: storyID, family: FamilyRef(platform: "web", externalID: "family"))
        let listen = try #require(page1.message?.buttons.dropFirst().first?.first)
        #expect(listen.label == "🔊 Read aloud")

        try await anna.press(listen.id, on: ackID)
        let heard = try await anna.next("narration", timeout: .seconds(60)) { $0.message?.audio != nil }
        let audio = try #require(heard.message?.audio)
        #expect(audio.url == "/audio/\(storyID)/p1")
        #expect(heard.message?.isPrivate == false)
        #expect(heard.message?.text?.contains("read aloud") == true)

        let (status, body, headers) = try await app.get(audio.url, as: anna.member)
        #expect(status == 200 && headers["content-type"] == "audio/ogg")
        let info = try OggOpusInfo(body)
        #expect(abs(info.duration - audio.durationSeconds) < 0.1)
        // Not for another room, nor for someone who is in no room.
        #expect(try await app.get(audio.url, as: zed.member).0 == 404)
        #expect(try await app.get(audio.url).0 == 401)
        // Narration not made yet is not made by a GET.
        #expect(try await app.get("/audio/\(storyID)/p2", as: anna.member).0 == 404)

        try await anna.say("/story listen page:2")
        let second = try await anna.next("page 2 read aloud", timeout: .seconds(60)) { $0.message?.audio?.url.hasSuffix("/p2") == true }
        #expect(try await app.get(try #require(second.message?.audio?.url), as: anna.member).0 == 200)
        try await anna.say("/story listen page:9")
        let refused = try await anna.next("no such page") { $0.message?.text?.contains("no page 9") == true }
        #expect(refused.message?.isPrivate == true)
        await app.stop()

        // `magical-stories story listen "sleepy dragon" --out …`: the whole story, kept like the rest.
        let tool = ReadAloudTool(config: app.app.config, store: AppStore(sqlite: try AppDatabase.open(path: app.app.config.databasePath),
                                                                          clock: SystemWallClock()))
        let (story, whole) = try await tool.narrate("sleepy dragon", logger: Logger(label: "listen"))
        #expect(story.id.rawValue == storyID && whole.part == .whole)
        #expect(try OggOpusInfo(whole.audio.data).duration > info.duration * 2)
        let again = try await tool.narrate(storyID, page: 1, logger: Logger(label: "listen"))
        #expect(again.narration.audio.data == body, "page 1 was made once, by 🔊")
        await #expect(throws: ReadAloudTool.Refusal.self) { _ = try await tool.narrate("no such story at all", logger: Logger(label: "listen")) }
    }

    @Test("wind-down in the web chat: `/settings set wind_down:2m`, then the last page is heard slower, softer and with 2 minutes of sound, served as its own part")
    func webChatWindDown() async throws {
        let app = try await TestApp.start()
        defer { app.removeFiles() }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        try await anna.say("/settings set wind_down:2m")
        _ = try await anna.next("settings saved") { $0.message?.text?.contains("then 2 minutes of gentle sound") == true }
        try await anna.say(#"/story new theme:"a crab at the seaside" name:Mia age:3 pages:3"#)
        let ack = try await anna.next("acknowledgement") { $0.message?.fromBot == true && $0.message?.text?.contains("on its way") == true }
        let ackID = try #require(ack.message?.id)
        let page1 = try await anna.next("page 1") { $0.message?.id == ackID && $0.message?.page != nil }
        let storyID = try #require(page1.message?.page?.storyId)
        try await waitUntilReady(app.app.stories, id: storyID, family: FamilyRef(platform: "web", externalID: "family"))

        try await anna.say("/story listen page:3")
        let heard = try await anna.next("the last page winding down", timeout: .seconds(120)) { $0.message?.audio != nil }
        let audio = try #require(heard.message?.audio)
        #expect(audio.url == "/audio/\(storyID)/p3-wd2")
        #expect(heard.message?.text?.contains("winding down into 2 minutes of gentle sound") == true)
        let (status, body, _) = try await app.get(audio.url, as: anna.member)
        #expect(status == 200)
        let info = try OggOpusInfo(body)
        #expect(info.duration > 125 && abs(info.duration - audio.durationSeconds) < 0.1, "\(info.duration) s")
        #expect(body.count < 10 * 1_024 * 1_024 / 10, "far under Discord's 10 MiB: \(body.count) bytes")
        // The plain last page was never made: wind-down is kept apart.
        #expect(try await app.get("/audio/\(storyID)/p3", as: anna.member).0 == 404)
        await app.stop()
    }
}
