import DiscordModels
import DiscordREST
import Foundation
import Logging
import StoryTestSupport
import Synchronization
import Testing

@Suite struct DiscordRESTClientTests {
    static let interactionToken = "aW50ZXJhY3Rpb24.interaction-secret"

    @Test func multipartUploadCarriesPayloadJSONFilesAndAttachments() async throws {
        let image = Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 * 7) } + [0x0D, 0x0A, 0x2D, 0x2D])
        try await FakeDiscord.run(handler: { _, _ in .message }) { fake, client in
            let message = MessagePayload(content: "Here is your story",
                                         embeds: [Embed(title: "Cover", image: .init(url: "attachment://cover.png"))])
            let created = try await client.createFollowup(
                applicationID: 42, token: Self.interactionToken, message: message,
                files: [FileUpload(filename: "cover.png", contentType: "image/png", data: image, description: "A dragon")])
            #expect(created == CreatedMessage(id: 900, channelID: 800))

            let request = try #require(await fake.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/api/v10/webhooks/42/\(Self.interactionToken)")
            #expect(request.header("Authorization") == nil)
            let contentType = try #require(request.header("Content-Type"))
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            let parts = try #require(MultipartPart.parse(request.body, contentType: contentType))
            #expect(parts.map(\.name) == ["payload_json", "files[0]"])

            #expect(parts[0].headers["content-type"] == "application/json")
            let payload = try DiscordJSON.decoder().decode(MessagePayload.self, from: parts[0].body)
            #expect(payload.content == "Here is your story")
            #expect(payload.embeds?.first?.image?.url == "attachment://cover.png")
            #expect(payload.attachments == [AttachmentReference(id: "0", filename: "cover.png", description: "A dragon")])

            #expect(parts[1].filename == "cover.png")
            #expect(parts[1].headers["content-type"] == "image/png")
            #expect(parts[1].body == image)
        }
    }

    @Test("files larger than the 64 KiB slices they are written in arrive whole, byte for byte, with an exact length")
    func largeFilesArriveWhole() async throws {
        let big = Data((0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        let small = Data([0x0D, 0x0A, 0x2D, 0x2D, 0x00])
        try await FakeDiscord.run(handler: { _, _ in .message }) { fake, client in
            _ = try await client.createMessage(channelID: 800, message: MessagePayload(content: "two files"), files: [
                FileUpload(filename: "big.png", contentType: "image/png", data: big),
                FileUpload(filename: "small.png", contentType: "image/png", data: small[1...]),
            ])
            let request = try #require(await fake.requests.first)
            let contentType = try #require(request.header("Content-Type"))
            #expect(request.header("Content-Length") == String(request.body.count))
            let parts = try #require(MultipartPart.parse(request.body, contentType: contentType))
            #expect(parts.map(\.name) == ["payload_json", "files[0]", "files[1]"])
            #expect(parts[1].body == big)
            #expect(parts[2].body == small[1...], "a slice of a larger Data is sent from its own start")
        }
    }

    @Test func botRoutesSendAuthorizationUserAgentAndJSON() async throws {
        try await FakeDiscord.run(handler: { _, _ in .message }) { fake, client in
            _ = try await client.createMessage(channelID: 800, message: MessagePayload(content: "hi"))
            let request = try #require(await fake.requests.first)
            #expect(request.path == "/api/v10/channels/800/messages")
            #expect(request.header("Authorization") == "Bot \(FakeDiscord.botToken)")
            #expect(request.header("User-Agent") == "DiscordBot (https://github.com/magical-stories, 1.0)")
            #expect(request.header("Content-Type") == "application/json")
            let payload = try DiscordJSON.decoder().decode(MessagePayload.self, from: request.body)
            #expect(payload.content == "hi")
            #expect(payload.allowedMentions == .noPings)
        }
    }

    @Test func interactionCallbackValidatesAndSendsTheResponse() async throws {
        try await FakeDiscord.run(handler: { _, _ in FakeResponse(status: 204) }) { fake, client in
            try await client.createInteractionResponse(interactionID: 7, token: Self.interactionToken,
                                                       response: .deferred(ephemeral: true))
            let request = try #require(await fake.requests.first)
            #expect(request.path == "/api/v10/interactions/7/\(Self.interactionToken)/callback")
            let body = try DiscordJSON.decoder().decode(InteractionResponse.self, from: request.body)
            #expect(body.type == .deferredChannelMessage)
            #expect(body.data?.message?.flags == MessagePayload.ephemeral)
        }
    }

    @Test func deleteOriginalResponseSendsDelete() async throws {
        try await FakeDiscord.run(handler: { _, _ in FakeResponse(status: 204) }) { fake, client in
            try await client.deleteOriginalResponse(applicationID: 42, token: Self.interactionToken)
            let request = try #require(await fake.requests.first)
            #expect(request.method == "DELETE")
            #expect(request.path == "/api/v10/webhooks/42/\(Self.interactionToken)/messages/@original")
        }
    }

    @Test func jsonErrorBecomesTypedErrorWithoutTheToken() async throws {
        let recorder = LogRecorder()
        try await FakeDiscord.run(logger: recorder.logger(), handler: { _, _ in
            .json(#"{"message":"Unknown interaction","code":10062}"#, status: 404)
        }) { fake, client in
            let error = await #expect(throws: DiscordRESTError.self) {
                try await client.createInteractionResponse(interactionID: 7, token: Self.interactionToken,
                                                           response: .message(MessagePayload(content: "late")))
            }
            guard case let .http(route, status, code, message) = error else {
                Issue.record("expected .http, got \(String(describing: error))")
                return
            }
            #expect(route == "/interactions/{interaction_id}/{interaction_token}/callback")
            #expect(status == 404)
            #expect(code == 10062)
            #expect(message == "Unknown interaction")
            #expect(error?.isUnknownInteraction == true)
            #expect(!String(describing: error).contains(Self.interactionToken))
            #expect(await fake.hits == 1)
        }
        #expect(!recorder.all.isEmpty)
        #expect(!recorder.all.contains { $0.contains(Self.interactionToken) || $0.contains(FakeDiscord.botToken) })
    }

    @Test func nonJSONErrorBodyIsHandled() async throws {
        try await FakeDiscord.run(handler: { _, _ in
            FakeResponse(status: 403, headers: ["Content-Type": "text/html"], body: Data("<html>nope</html>".utf8))
        }) { _, client in
            let error = await #expect(throws: DiscordRESTError.self) { try await client.gatewayBot() }
            guard case let .http(route, status, code, message) = error else {
                Issue.record("expected .http, got \(String(describing: error))")
                return
            }
            #expect(route == "/gateway/bot" && status == 403 && code == nil)
            #expect(message == "Forbidden")
        }
    }

    @Test func formErrorsAreSummarized() async throws {
        let body = #"{"code":50035,"message":"Invalid Form Body","errors":{"content":{"_errors":["#
            + #"{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 2000 or fewer in length."}]}}}"#
        try await FakeDiscord.run(handler: { _, _ in .json(body, status: 400) }) { fake, client in
            let error = await #expect(throws: DiscordRESTError.self) {
                try await client.createMessage(channelID: 3, message: MessagePayload(content: "hi"))
            }
            #expect(error?.code == 50035)
            #expect(String(describing: error).contains("content: Must be 2000 or fewer in length."))
            #expect(await fake.hits == 1)
        }
    }

    @Test func serverErrorIsRetried() async throws {
        let gateway = #"{"url":"wss://gateway.example","shards":2,"session_start_limit":"#
            + #"{"total":1000,"remaining":999,"reset_after":1000,"max_concurrency":1}}"#
        try await FakeDiscord.run(handler: { _, hit in
            hit == 1 ? .json(#"{"message":"oops","code":0}"#, status: 500) : .json(gateway)
        }) { fake, client in
            let bot = try await client.gatewayBot()
            #expect(bot.shards == 2)
            #expect(await fake.hits == 2)
        }
    }

    @Test func retriesAreBounded() async throws {
        try await FakeDiscord.run(configure: { $0.maxRetries = 2 }, handler: { _, _ in FakeResponse(status: 502) }) {
            fake, client in
            let error = await #expect(throws: DiscordRESTError.self) { try await client.gatewayBot() }
            #expect(error?.isRetryable == true)
            #expect(await fake.hits == 3)
        }
    }

    @Test func tooManyRequestsWaitsAndHoldsTheBucket() async throws {
        try await FakeDiscord.run(handler: { _, hit in
            hit == 1
                ? .json(#"{"message":"You are being rate limited.","retry_after":0.4,"global":false}"#, status: 429,
                        headers: ["Retry-After": "0.4", "X-RateLimit-Bucket": "msg", "X-RateLimit-Limit": "5",
                                  "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "0.4",
                                  "X-RateLimit-Scope": "user"])
                : .message
        }) { fake, client in
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<3 {
                    group.addTask {
                        if index > 0 { try await eventually("the first request sent") { await !fake.requests.isEmpty } }
                        _ = try await client.createMessage(channelID: 5, message: MessagePayload(content: "\(index)"))
                    }
                }
                try await group.waitForAll()
            }
            let requests = await fake.requests
            #expect(requests.count == 4)
            let limitedAt = try #require(requests.first?.receivedAt)
            for request in requests.dropFirst() {
                #expect(limitedAt.duration(to: request.receivedAt) >= .milliseconds(400))
            }
            #expect(started.duration(to: .now) >= .milliseconds(400))
        }
    }

    @Test func rateLimitRetriesAreBounded() async throws {
        try await FakeDiscord.run(configure: { $0.maxRateLimitRetries = 1 }, handler: { _, _ in
            .json(#"{"message":"You are being rate limited.","retry_after":0.05,"global":false}"#, status: 429)
        }) { fake, client in
            let error = await #expect(throws: DiscordRESTError.self) {
                try await client.createMessage(channelID: 5, message: MessagePayload(content: "x"))
            }
            guard case let .rateLimited(route, retryAfter) = error else {
                Issue.record("expected .rateLimited, got \(String(describing: error))")
                return
            }
            #expect(route == "/channels/{channel_id}/messages" && retryAfter == .milliseconds(50))
            #expect(await fake.hits == 2)
        }
    }

    @Test func burstNeverExceedsTheBucketLimit() async throws {
        let window = FixedWindow(limit: 5, length: .milliseconds(300))
        try await FakeDiscord.run(handler: { request, _ in window.respond(at: request.receivedAt) }) { fake, client in
            try await withThrowingTaskGroup(of: CreatedMessage.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await client.createMessage(channelID: 9, message: MessagePayload(content: "\(index)"))
                    }
                }
                try await group.waitForAll()
            }
            let requests = await fake.requests
            #expect(requests.count == 12)
            #expect(window.violations == 0)
            if let first = requests.first, let last = requests.last {
                #expect(first.receivedAt.duration(to: last.receivedAt) >= .milliseconds(600))
            }
        }
    }

    @Test func oversizePayloadsNeverReachTheServer() async throws {
        try await FakeDiscord.run(configure: { $0.maxFileSize = 1_024 }, handler: { _, _ in .message }) { fake, client in
            let long = MessagePayload(content: String(repeating: "a", count: 2_001))
            let file = FileUpload(filename: "a.png", contentType: "image/png", data: Data(count: 10))
            let attempts: [@Sendable () async throws -> Void] = [
                { _ = try await client.createMessage(channelID: 1, message: long) },
                { _ = try await client.editOriginalResponse(applicationID: 1, token: "t", message: long) },
                { try await client.createInteractionResponse(interactionID: 1, token: "t", response: .message(long)) },
                { _ = try await client.createFollowup(applicationID: 1, token: "t", message: MessagePayload(content: "x"),
                                                      files: Array(repeating: file, count: 11)) },
                { _ = try await client.editMessage(channelID: 1, messageID: 2, message: MessagePayload(content: "x"),
                                                   files: [FileUpload(filename: "big.png", contentType: "image/png",
                                                                      data: Data(count: 1_025))]) },
            ]
            for attempt in attempts {
                let error = await #expect(throws: DiscordRESTError.self) { try await attempt() }
                guard case .invalidPayload = error else {
                    Issue.record("expected .invalidPayload, got \(String(describing: error))")
                    continue
                }
            }
            #expect(await fake.hits == 0)
        }
    }

    @Test func bulkOverwriteCommandsRoundTrip() async throws {
        try await FakeDiscord.run(handler: { request, _ in
            guard var commands = try? DiscordJSON.decoder().decode([ApplicationCommand].self, from: request.body) else {
                return .json(#"{"message":"Invalid Form Body","code":50035}"#, status: 400)
            }
            for index in commands.indices { commands[index].id = Snowflake(UInt64(1_000 + index)) }
            return FakeResponse(status: 200, headers: ["Content-Type": "application/json"],
                                body: (try? DiscordJSON.encoder().encode(commands)) ?? Data())
        }) { fake, client in
            let commands = [
                ApplicationCommand(name: "story", description: "Tell a story", options: [
                    .init(type: 3, name: "topic", description: "What about?", required: true, maxLength: 200),
                ]),
                ApplicationCommand(name: "help", description: "How it works"),
            ]
            let saved = try await client.bulkOverwriteCommands(applicationID: 11, guildID: 22, commands: commands)
            #expect(saved.map(\.id) == [1_000, 1_001])
            #expect(saved.map(\.name) == ["story", "help"])
            #expect(saved[0].options == commands[0].options)
            let request = try #require(await fake.requests.first)
            #expect(request.method == "PUT")
            #expect(request.path == "/api/v10/applications/11/guilds/22/commands")
        }
    }

    @Test func currentApplicationReadsTheID() async throws {
        try await FakeDiscord.run(handler: { _, _ in .json(#"{"id":"1234","name":"Magical Stories"}"#) }) { _, client in
            let id = try await client.currentApplication()
            #expect(id == 1234)
        }
    }
}

/// A Discord-like fixed window bucket that counts requests over its limit.
final class FixedWindow: Sendable {
    private struct Window {
        var start: ContinuousClock.Instant?
        var count = 0
        var violations = 0
    }

    let limit: Int
    let length: Duration
    private let window = Mutex(Window())

    init(limit: Int, length: Duration) {
        self.limit = limit
        self.length = length
    }

    var violations: Int { window.withLock { $0.violations } }

    func respond(at now: ContinuousClock.Instant) -> FakeResponse {
        window.withLock { window in
            if let start = window.start, now < start + length {
                window.count += 1
            } else {
                window.start = now
                window.count = 1
            }
            let resetAfter = (window.start ?? now) + length - now
            let exact = Double(resetAfter.components.attoseconds) / 1e18 + Double(resetAfter.components.seconds)
            let seconds = (exact * 1000).rounded(.up) / 1000
            var headers = [
                "X-RateLimit-Bucket": "messages", "X-RateLimit-Limit": "\(limit)",
                "X-RateLimit-Remaining": "\(max(limit - window.count, 0))",
                "X-RateLimit-Reset-After": String(format: "%.3f", seconds),
            ]
            guard window.count <= limit else {
                window.violations += 1
                headers["Retry-After"] = String(format: "%.3f", seconds)
                return .json(#"{"message":"You are being rate limited.","retry_after":\#(seconds),"global":false}"#,
                             status: 429, headers: headers)
            }
            return FakeResponse(status: 200, headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                                body: Data(#"{"id":"900","channel_id":"9"}"#.utf8))
        }
    }
}
