import DiscordModels
import DiscordSimulator
import Foundation
import ImageDecoding
import MagicalStories
import Operations
import ProviderFakes
import StoryDomain
import StoryProviders
import StoryStore
import Testing
import WebChat

/// The whole story flow with real providers (over HTTP to loopback fakes), through the web chat
/// and through the Discord simulator.
@Suite("Model providers end to end", .serialized)
struct ProviderFlowTests {
    func story(in app: TestApp, theme: String) async throws -> (TestFrame, ChatTestClient) {
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:\(theme) name:Mia age:5 pages:3")
        let page = try await anna.next("page 1", timeout: .seconds(30)) { $0.message?.page != nil }
        return (page, anna)
    }

    @Test("Gemini writes and paints through the web chat; the picture is Gemini's, usage is recorded")
    func geminiWebChat() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        let app = try await TestApp.start { config in
            config.storyProvider = .gemini
            config.imageProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "gemini-test", imageModel: "gemini-image-test")
        }
        let (page, anna) = try await story(in: app, theme: "a sleepy dragon")
        let view = try #require(page.message?.page)
        #expect(view.text.contains("Mia"))
        #expect(view.pageCount == 3)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: FamilyRef(platform: "web", externalID: "family"))
        #expect(gemini.requests(kind: .text) == 1)
        #expect(gemini.requests(kind: .image) == 3)
        let (status, body, _) = try await app.get(try #require(view.imageUrl), as: anna.member)
        #expect(status == 200)
        #expect(PNGInspector.inspect(body)?.width == 96, "the fake's picture, not a built-in one")
        let totals = try await SQLiteUsageLedger(database: app.app.database!).totals(since: Date.distantPast)
        let geminiTotal = try #require(totals.first { $0.provider == "gemini" })
        #expect(geminiTotal.generations == 4)
        #expect(geminiTotal.images == 3)
        #expect(geminiTotal.inputTokens > 0)
        await anna.close()
        await app.stop()
        await gemini.stop()
        app.removeFiles()
    }

    @Test("a picture that keeps failing is painted by the built-in illustrator; the story still arrives")
    func pictureFallback() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        gemini.enqueue(.unavailable, .unavailable, .unavailable, .unavailable, .unavailable, .unavailable, for: .image)
        let app = try await TestApp.start { config in
            config.storyProvider = .offline
            config.imageProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "unused", imageModel: "gemini-image-test")
        }
        let (page, anna) = try await story(in: app, theme: "owls")
        let view = try #require(page.message?.page)
        let (_, body, _) = try await app.get(try #require(view.imageUrl), as: anna.member)
        #expect(PNGInspector.inspect(body)?.width == 768, "page 1 came from the built-in illustrator")
        await anna.close()
        await app.stop()
        await gemini.stop()
        app.removeFiles()
    }

    @Test("OpenAI writes and paints through the web chat")
    func openAIWebChat() async throws {
        let openAI = OpenAIFake(flavor: .openAI)
        try await openAI.start()
        let app = try await TestApp.start { config in
            config.storyProvider = .openai
            config.imageProvider = .openai
            config.openAI = .init(apiURL: openAI.baseURL, apiKey: openAI.apiKey, textModel: "gpt-test", imageModel: "gpt-image-test")
            config.openAITokenLimitField = "max_completion_tokens"
        }
        let (page, anna) = try await story(in: app, theme: "the moon")
        #expect(page.message?.page?.text.contains("Mia") == true)
        #expect(openAI.requests(kind: .chat) == 1)
        await anna.close()
        await app.stop()
        await openAI.stop()
        app.removeFiles()
    }

    @Test("a local Ollama writes through its OpenAI-compatible layer, falling back to JSON mode")
    func ollamaWebChat() async throws {
        let ollama = OpenAIFake(flavor: .ollama)
        try await ollama.start()
        let app = try await TestApp.start { config in
            config.storyProvider = .openai
            config.openAI = .init(apiURL: ollama.baseURL, apiKey: nil, textModel: "llama3.2", imageModel: "none")
        }
        let (page, anna) = try await story(in: app, theme: "a lighthouse")
        #expect(page.message?.page?.text.contains("Mia") == true)
        #expect(ollama.requests(kind: .chat) == 2, "json_schema refused once, then JSON mode")
        await anna.close()
        await app.stop()
        await ollama.stop()
        app.removeFiles()
    }

    @Test("a prompt the provider blocks gets a kind message in the chat, and nothing is painted")
    func blockedPrompt() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        gemini.enqueue(.blockedPrompt, for: .text)
        let app = try await TestApp.start { config in
            config.storyProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "gemini-test", imageModel: "unused")
        }
        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:something odd name:Mia")
        let refusal = try await anna.next("refusal", timeout: .seconds(30)) { $0.message?.text?.contains("bedtime rules") == true }
        #expect(refusal.message?.isPrivate == false)
        #expect(gemini.requests(kind: .image) == 0)
        await anna.close()
        await app.stop()
        await gemini.stop()
        app.removeFiles()
    }

    @Test("Gemini stories reach Discord too: page 1 with Gemini's picture")
    func geminiDiscord() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        let bot = try await DiscordTestBot.start { config in
            config.storyProvider = .gemini
            config.imageProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "gemini-test", imageModel: "gemini-image-test")
        }
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "pages": 3])
        await simulator.sendInteraction(command)
        let page = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                               where: { $0.embeds.first?.footer?.text == "page 1 of 3" }, timeout: .seconds(30))
        #expect(page.embeds.first?.description?.contains("Mia") == true)
        // Sent as WebP when that is smaller, else as the stored PNG: either way the model's picture, 96 px wide.
        #expect(try ImageDecoder.decode([UInt8](try #require(page.attachments.first).data)).width == 96)
        await bot.stopAll()
        await gemini.stop()
    }

    @Test("OpenAI and Ollama stories reach Discord too", arguments: [OpenAIFake.Flavor.openAI, .ollama])
    func openAICompatibleDiscord(flavor: OpenAIFake.Flavor) async throws {
        let fake = OpenAIFake(flavor: flavor)
        try await fake.start()
        let bot = try await DiscordTestBot.start { config in
            config.storyProvider = .openai
            config.imageProvider = flavor == .openAI ? .openai : .offline
            config.openAI = .init(apiURL: fake.baseURL, apiKey: flavor == .openAI ? fake.apiKey : nil, textModel: "model-test",
                                  imageModel: "gpt-image-test")
            config.openAITokenLimitField = flavor == .openAI ? "max_completion_tokens" : "max_tokens"
        }
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a quiet owl", "name": "Mia", "pages": 3])
        await simulator.sendInteraction(command)
        let page = try await simulator.waitForOriginalResponse(interactionID: command.id,
                                                               where: { $0.embeds.first?.footer?.text == "page 1 of 3" }, timeout: .seconds(30))
        #expect(page.embeds.first?.description?.contains("Mia") == true)
        let picture = try #require(page.attachments.first)
        #expect(try ImageDecoder.decode([UInt8](picture.data)).width == (flavor == .openAI ? 96 : 768))
        #expect(fake.requests(kind: .chat) >= 1)
        await bot.stopAll()
        await fake.stop()
    }
}
