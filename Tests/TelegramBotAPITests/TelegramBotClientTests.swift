import AsyncHTTPClient
import Foundation
import Logging
import ProviderFakes
import TelegramBotAPI
import TelegramSimulator
import Testing

/// The client against the simulator: the envelope, JSON and multipart calls, typed errors, and
/// the token kept out of every error.
@Suite struct TelegramBotClientTests {
    static let group = -100_123
    static let mia = TelegramSimulator.Person(id: 42, name: "Mia's mum")

    func withClient(_ body: (TelegramBotClient, TelegramSimulator) async throws -> Void) async throws {
        let simulator = try await TelegramSimulator.start()
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let client = TelegramBotClient(configuration: TelegramBotConfiguration(apiURL: simulator.apiURL + "/", token: TelegramSimulator.token),
                                       httpClient: http, logger: Logger(label: "test"))
        do {
            try await body(client, simulator)
        } catch {
            try? await http.shutdown()
            await simulator.stop()
            throw error
        }
        try await http.shutdown()
        await simulator.stop()
    }

    @Test func getMeReadsTheEnvelope() async throws {
        try await withClient { client, _ in
            let me = try await client.getMe()
            #expect(me.isBot)
            #expect(me.username == TelegramSimulator.botUsername)
        }
    }

    @Test func getUpdatesReturnsInjectedUpdatesAndConfirmsWithTheOffset() async throws {
        try await withClient { client, simulator in
            let first = await simulator.say("/help", in: Int64(Self.group), from: Self.mia)
            await simulator.press("ms:l:1", on: 1, in: Int64(Self.group), by: Self.mia)
            let updates = try await client.getUpdates(GetUpdatesRequest(offset: nil, timeout: 0, allowedUpdates: TelegramUpdate.allowedKinds))
            #expect(updates.map(\.updateID) == [first, first + 1])
            #expect(updates[0].message?.text == "/help")
            #expect(updates[1].callbackQuery?.data == "ms:l:1")
            let onlyPresses = try await client.getUpdates(GetUpdatesRequest(offset: first + 1, timeout: 0, allowedUpdates: ["callback_query"]))
            #expect(onlyPresses.map(\.updateID) == [first + 1])
            let none = try await client.getUpdates(GetUpdatesRequest(offset: first + 2, timeout: 0))
            #expect(none.isEmpty)
        }
    }

    @Test func aLongPollEndsWhenAnUpdateArrives() async throws {
        try await withClient { client, simulator in
            async let updates = client.getUpdates(GetUpdatesRequest(offset: nil, timeout: 30))
            #expect(await simulator.wait { await !$0.calls("getUpdates").isEmpty })
            await simulator.say("/story library", in: 42, from: Self.mia)
            let count = try await updates.count
            #expect(count == 1)
        }
    }

    @Test func aSecondPollerEndsTheFirstWithAConflict() async throws {
        try await withClient { client, simulator in
            async let first: [TelegramUpdate] = client.getUpdates(GetUpdatesRequest(offset: nil, timeout: 30))
            #expect(await simulator.wait { await !$0.calls("getUpdates").isEmpty })
            _ = try await client.getUpdates(GetUpdatesRequest(offset: nil, timeout: 0))
            do {
                _ = try await first
                Issue.record("the first poll should have ended with 409")
            } catch let error as TelegramBotError {
                #expect(error.isConflict)
                #expect(!error.isRetryable)
            }
        }
    }

    @Test func rateLimitsCarryRetryAfter() async throws {
        try await withClient { client, simulator in
            await simulator.fail("sendMessage", code: 429, description: "Too Many Requests: retry after 3", retryAfter: 3)
            do {
                _ = try await client.sendMessage(SendMessageRequest(chatID: -42, text: "hi"))
                Issue.record("expected 429")
            } catch let error as TelegramBotError {
                #expect(error.isRateLimited)
                #expect(error.retryAfter == 3)
                #expect(error.isRetryable)
            }
            let sent = try await client.sendMessage(SendMessageRequest(chatID: -42, text: "hi"))
            #expect(sent.text == "hi")
        }
    }

    @Test func aPhotoIsUploadedOnceThenSentAgainByItsFileID() async throws {
        try await withClient { client, simulator in
            let keyboard = TelegramInlineKeyboard([[TelegramInlineButton(text: "▶", callbackData: "ms:p:x:2")]])
            let upload = TelegramUpload(name: "page", filename: "page.png", contentType: "image/png", data: Data([1, 2, 3]))
            let sent = try await client.sendPhoto(SendPhotoRequest(chatID: -42, photo: "", caption: "<b>Page</b> 1 &amp; more",
                                                                   replyMarkup: keyboard), upload: upload)
            let fileID = try #require(sent.largestPhotoFileID)
            #expect(sent.caption == "<b>Page</b> 1 &amp; more")
            let edited = try await client.editMessageMedia(EditMessageMediaRequest(
                chatID: -42, messageID: sent.messageID, media: TelegramInputMediaPhoto(media: "attach://page2", caption: "Page 2"),
                replyMarkup: keyboard), upload: TelegramUpload(name: "page2", filename: "p2.png", contentType: "image/png", data: Data([4])))
            let second = try #require(edited.largestPhotoFileID)
            // Back to page 1 by its file_id: nothing uploaded.
            _ = try await client.editMessageMedia(EditMessageMediaRequest(
                chatID: -42, messageID: sent.messageID, media: TelegramInputMediaPhoto(media: fileID, caption: "Page 1"), replyMarkup: keyboard))
            #expect(await simulator.uploadCount == 2)
            #expect(second != fileID)
            let uploads = await simulator.calls("editMessageMedia").map { $0.uploads.keys.sorted() }
            #expect(uploads == [["page2"], []])
        }
    }

    @Test func theSameEditTwiceIsNotModified() async throws {
        try await withClient { client, _ in
            let sent = try await client.sendMessage(SendMessageRequest(chatID: -42, text: "one"))
            do {
                _ = try await client.editMessageText(EditMessageTextRequest(chatID: -42, messageID: sent.messageID, text: "one"))
                Issue.record("expected not modified")
            } catch let error as TelegramBotError {
                #expect(error.isNotModified)
            }
        }
    }

    @Test func limitsAndBadHTMLAreRefused() async throws {
        try await withClient { client, _ in
            let long = String(repeating: "a", count: 1_025)
            await #expect(throws: TelegramBotError.self) {
                _ = try await client.sendPhoto(SendPhotoRequest(chatID: -42, photo: "", caption: long),
                                               upload: TelegramUpload(name: "p", filename: "p.png", contentType: "image/png", data: Data([1])))
            }
            // Entities count as what they show: 1,024 visible characters fit.
            let fits = String(repeating: "&amp;", count: 1_024)
            _ = try await client.sendPhoto(SendPhotoRequest(chatID: -42, photo: "", caption: fits),
                                           upload: TelegramUpload(name: "p", filename: "p.png", contentType: "image/png", data: Data([1])))
            await #expect(throws: TelegramBotError.self) {
                _ = try await client.sendMessage(SendMessageRequest(chatID: -42, text: String(repeating: "b", count: 4_097)))
            }
            do {
                _ = try await client.sendMessage(SendMessageRequest(chatID: -42, text: "a <dragon> & friends"))
                Issue.record("unescaped HTML should not parse")
            } catch let error as TelegramBotError {
                #expect(error.apiDescription?.contains("can't parse entities") == true)
            }
            let tooLong = String(repeating: "x", count: 65)
            do {
                _ = try await client.sendMessage(SendMessageRequest(chatID: -42, text: "hi", replyMarkup: TelegramInlineKeyboard(
                    [[TelegramInlineButton(text: "x", callbackData: tooLong)]])))
                Issue.record("callback data over 64 bytes should be refused")
            } catch let error as TelegramBotError {
                #expect(error.apiDescription?.contains("BUTTON_DATA_INVALID") == true)
            }
        }
    }

    @Test func theTokenNeverAppearsInErrors() async throws {
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let configuration = TelegramBotConfiguration(apiURL: "http://127.0.0.1:9", token: TelegramSimulator.token,
                                                     requestTimeout: .seconds(2))
        let client = TelegramBotClient(configuration: configuration, httpClient: http, logger: Logger(label: "test"))
        do {
            _ = try await client.getMe()
            Issue.record("nothing listens on port 9")
        } catch {
            #expect(error.isRetryable)
            #expect(!"\(error)".contains(TelegramSimulator.token))
            #expect(!"\(error)".contains("SIMULATED-secret"))
        }
        #expect(!"\(configuration)".contains("SIMULATED-secret"))
        #expect(configuration.botID == TelegramSimulator.botUserID)
        try await http.shutdown()
    }

    @Test func aWrongTokenIsABadToken() async throws {
        let simulator = try await TelegramSimulator.start()
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let client = TelegramBotClient(configuration: TelegramBotConfiguration(apiURL: simulator.apiURL, token: "1:wrong"),
                                       httpClient: http, logger: Logger(label: "test"))
        do {
            _ = try await client.getMe()
            Issue.record("expected 401")
        } catch {
            #expect(error.isBadToken)
        }
        try await http.shutdown()
        await simulator.stop()
    }
}
