import DiscordModels
import DiscordSimulator
import Foundation
import NIOHTTP1
import Testing

@Suite("Simulated REST API")
struct RESTTests {
    /// Callbacks get two minutes by default, so a stalled test machine cannot turn a test about
    /// something else into a late callback; the deadline's own test sets Discord's 3 s.
    private func withSimulator(_ configuration: DiscordSimulator.Configuration = .init(callbackDeadline: .seconds(120)),
                               _ body: (DiscordSimulator, RESTTestClient) async throws -> Void) async throws {
        let simulator = DiscordSimulator(configuration: configuration)
        try await simulator.start()
        do {
            try await body(simulator, RESTTestClient(baseURL: simulator.apiURL))
        } catch {
            await simulator.stop()
            throw error
        }
        await simulator.stop()
    }

    private func callbackPath(_ interaction: Interaction) -> String {
        "/interactions/\(interaction.id)/\(interaction.token)/callback"
    }

    @Test func gatewayBotNeedsTheBotToken() async throws {
        try await withSimulator { simulator, rest in
            let response = try await rest.send(.GET, "/gateway/bot")
            #expect(response.status == 200)
            let gateway = try JSONDecoder().decode(GatewayBot.self, from: response.body)
            #expect(gateway.url == simulator.gatewayURL)
            #expect(response.headers.first(name: "X-RateLimit-Limit") == "50")

            var anonymous = rest
            anonymous.token = "wrong"
            #expect(try await anonymous.send(.GET, "/gateway/bot").status == 401)
        }
    }

    @Test func callbackIsAcceptedOnceWithinTheDeadline() async throws {
        try await withSimulator { simulator, rest in
            let interaction = simulator.makeSlashCommand(subcommand: "new")
            await simulator.sendInteraction(interaction)
            let body = #"{"type":4,"data":{"content":"Once upon a time","flags":64}}"#
            #expect(try await rest.send(.POST, callbackPath(interaction), json: body).status == 204)
            let response = try await simulator.waitForCallback(interactionID: interaction.id)
            #expect(response.type == .channelMessage)
            let original = try #require(simulator.originalResponse(interactionID: interaction.id))
            #expect(original.content == "Once upon a time" && original.isEphemeral)
            #expect(simulator.acknowledgementLatency(interactionID: interaction.id) != nil)

            let second = try await rest.send(.POST, callbackPath(interaction), json: body)
            #expect(second.status == 400 && second.error?.code == 40060)
            #expect(simulator.interactionResponses(interactionID: interaction.id).count == 2)
        }
    }

    @Test func lateOrUnknownCallbackIsUnknownInteraction() async throws {
        try await withSimulator(.init(callbackDeadline: .seconds(3))) { simulator, rest in
            let interaction = simulator.makeSlashCommand()
            await simulator.sendInteraction(interaction)
            simulator.advanceTime(by: .seconds(3.1))
            let late = try await rest.send(.POST, callbackPath(interaction), json: #"{"type":5}"#)
            #expect(late.status == 404 && late.error?.code == 10062)

            let unknown = simulator.makeSlashCommand()
            let response = try await rest.send(.POST, callbackPath(unknown), json: #"{"type":5}"#)
            #expect(response.status == 404 && response.error?.code == 10062)
        }
    }

    @Test func invalidPayloadsAreRejectedWithoutAcknowledging() async throws {
        // About payloads, not the 3 s deadline: a loaded machine may take longer for the six requests.
        try await withSimulator(.init(callbackDeadline: .seconds(120))) { simulator, rest in
            let interaction = simulator.makeSlashCommand()
            await simulator.sendInteraction(interaction)
            let long = String(repeating: "a", count: 2001)
            let tooLong = try await rest.send(.POST, callbackPath(interaction), json: #"{"type":4,"data":{"content":"\#(long)"}}"#)
            #expect(tooLong.status == 400 && tooLong.error?.code == 50035)
            #expect(tooLong.error?.errors == .object(["data": .object(["content": .object(["_errors": .array([.object([
                "code": .string("BASE_TYPE_MAX_LENGTH"), "message": .string("Must be 2000 or fewer in length."),
            ])])])])]))

            let wrongType = try await rest.send(.POST, callbackPath(interaction), json: #"{"type":7,"data":{"content":"x"}}"#)
            #expect(wrongType.status == 400 && wrongType.error?.code == 50035)

            let duplicate = #"{"type":4,"data":{"content":"x","components":[{"type":1,"components":[{"type":2,"style":1,"label":"A","custom_id":"a"},{"type":2,"style":1,"label":"B","custom_id":"a"}]}]}}"#
            #expect(try await rest.send(.POST, callbackPath(interaction), json: duplicate).error?.code == 50035)

            #expect(try await rest.send(.POST, callbackPath(interaction), json: #"{"type":4,"data":{}}"#).error?.code == 50006)
            #expect(try await rest.send(.POST, callbackPath(interaction), json: "{").error?.code == 50109)
            #expect(try await rest.send(.POST, callbackPath(interaction), json: #"{"type":4,"data":{"content":"ok"}}"#).status == 204)
        }
    }

    @Test func multipartUploadStoresFilesReferencedByEmbeds() async throws {
        try await withSimulator { simulator, rest in
            let interaction = simulator.makeSlashCommand()
            await simulator.sendInteraction(interaction)
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<1000).map { UInt8($0 % 251) })
            let missing = #"{"type":4,"data":{"embeds":[{"title":"Page 1","image":{"url":"attachment://other.png"}}],"attachments":[{"id":"0","filename":"page.png"}]}}"#
            let rejected = try await rest.send(.POST, callbackPath(interaction), payloadJSON: missing,
                                               files: [TestFile(filename: "page.png", data: png)])
            #expect(rejected.status == 400 && rejected.error?.code == 50035)

            let payload = #"{"type":4,"data":{"embeds":[{"title":"Page 1","image":{"url":"attachment://page.png"}}],"attachments":[{"id":"0","filename":"page.png"}]}}"#
            let accepted = try await rest.send(.POST, callbackPath(interaction), payloadJSON: payload,
                                               files: [TestFile(filename: "page.png", data: png)])
            #expect(accepted.status == 204)
            let original = try #require(simulator.originalResponse(interactionID: interaction.id))
            #expect(original.attachments.map(\.filename) == ["page.png"])
            #expect(original.attachments.first?.data == png && original.attachments.first?.contentType == "image/png")
            #expect(simulator.interactionCallbacks(interactionID: interaction.id).last?.files.first?.data == png)
        }
    }

    @Test("the current user and application answer with the fields Discord always sends")
    func currentUserAndApplication() async throws {
        try await withSimulator { simulator, rest in
            let me = try await rest.send(.GET, "/users/@me")
            #expect(me.status == 200)
            let user = try JSONDecoder().decode([String: JSONValue].self, from: me.body)
            #expect(user["id"] == .string(simulator.configuration.botUser.id.description))
            #expect(user["discriminator"] == .string("0") && user["avatar"] == .null && user["global_name"] != nil)

            let application = try await rest.send(.GET, "/oauth2/applications/@me")
            #expect(application.status == 200)
            let fields = try JSONDecoder().decode([String: JSONValue].self, from: application.body)
            #expect(fields["id"] == .string(simulator.configuration.applicationID.description))
            for key in ["name", "description", "icon", "bot_public", "bot_require_code_grant", "verify_key", "flags", "owner"] {
                #expect(fields[key] != nil, "missing \(key)")
            }
            var anonymous = rest
            anonymous.token = "wrong"
            #expect(try await anonymous.send(.GET, "/users/@me").status == 401)
        }
    }

    @Test("an attachment may be referenced by the upload's integer index, as discord.py sends it")
    func integerAttachmentID() async throws {
        try await withSimulator { simulator, rest in
            let interaction = simulator.makeSlashCommand()
            await simulator.sendInteraction(interaction)
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
            let payload = #"{"type":4,"data":{"embeds":[{"image":{"url":"attachment://page.png"}}],"attachments":[{"id":0,"filename":"page.png"}]}}"#
            let accepted = try await rest.send(.POST, callbackPath(interaction), payloadJSON: payload,
                                               files: [TestFile(filename: "page.png", data: png)])
            #expect(accepted.status == 204)
            #expect(simulator.originalResponse(interactionID: interaction.id)?.attachments.first?.data == png)
        }
    }

    @Test func oversizedFileIsRejected() async throws {
        try await withSimulator(.init(callbackDeadline: .seconds(120), maxFileSize: 100)) { simulator, rest in
            let interaction = simulator.makeSlashCommand()
            await simulator.sendInteraction(interaction)
            let response = try await rest.send(.POST, callbackPath(interaction), payloadJSON: #"{"type":4,"data":{}}"#,
                                               files: [TestFile(filename: "big.png", data: Data(count: 101))])
            #expect(response.status == 400 && response.error?.code == 50045)
        }
    }

    @Test func deferralIsFilledByEditingTheOriginalUntilTheTokenExpires() async throws {
        try await withSimulator { simulator, rest in
            let interaction = simulator.makeSlashCommand()
            await simulator.sendInteraction(interaction)
            let original = "/webhooks/\(simulator.configuration.applicationID)/\(interaction.token)/messages/@original"
            #expect(try await rest.send(.PATCH, original, json: #"{"content":"early"}"#).error?.code == 10015)
            #expect(try await rest.send(.POST, callbackPath(interaction), json: #"{"type":5,"data":{"flags":64}}"#).status == 204)
            #expect(simulator.originalResponse(interactionID: interaction.id)?.isLoading == true)

            #expect(try await rest.send(.PATCH, original, json: #"{"content":"The end."}"#).status == 200)
            let filled = try await simulator.waitForOriginalResponse(interactionID: interaction.id) { !$0.isLoading }
            #expect(filled.content == "The end." && filled.isEphemeral && filled.editedCount == 1)

            let followUp = try await rest.send(.POST, "/webhooks/\(simulator.configuration.applicationID)/\(interaction.token)",
                                               json: #"{"content":"P.S."}"#)
            #expect(followUp.status == 200)
            #expect(simulator.followUps(interactionID: interaction.id).map(\.content) == ["P.S."])

            simulator.advanceTime(by: .seconds(15 * 60 + 1))
            let expired = try await rest.send(.PATCH, original, json: #"{"content":"too late"}"#)
            #expect(expired.status == 401 && expired.error?.code == 50027)
        }
    }

    @Test func updateMessageEditsTheComponentsMessage() async throws {
        try await withSimulator { simulator, rest in
            let created = try await rest.send(.POST, "/channels/\(DiscordSimulator.defaultChannelID)/messages",
                                              json: #"{"content":"Choose","components":[{"type":1,"components":[{"type":2,"style":1,"label":"Go","custom_id":"go"}]}]}"#)
            #expect(created.status == 200)
            let messageID = try #require(simulator.messages(channelID: DiscordSimulator.defaultChannelID).first?.id)
            let press = simulator.makeButtonPress(customID: "go", messageID: messageID)
            await simulator.sendInteraction(press)
            #expect(try await rest.send(.POST, callbackPath(press), json: #"{"type":7,"data":{"content":"Chosen","components":[]}}"#).status == 204)
            let message = try #require(simulator.message(id: messageID))
            #expect(message.content == "Chosen" && message.components.isEmpty && message.editedCount == 1)

            let autocomplete = simulator.makeAutocomplete(focused: "theme", value: "dra")
            await simulator.sendInteraction(autocomplete)
            #expect(try await rest.send(.POST, callbackPath(autocomplete), json: #"{"type":4,"data":{"content":"x"}}"#).status == 400)
            #expect(try await rest.send(.POST, callbackPath(autocomplete), json: #"{"type":8,"data":{"choices":[{"name":"Dragons","value":"dragons"}]}}"#).status == 204)
        }
    }

    @Test func injected429CarriesDiscordsHeadersAndBody() async throws {
        try await withSimulator { simulator, rest in
            simulator.inject429(route: "/channels/{channel_id}/messages", count: 1, retryAfter: 2.5, global: false)
            let path = "/channels/\(DiscordSimulator.defaultChannelID)/messages"
            let limited = try await rest.send(.POST, path, json: #"{"content":"hi"}"#)
            #expect(limited.status == 429)
            #expect(limited.headers.first(name: "Retry-After") == "3")
            #expect(limited.headers.first(name: "X-RateLimit-Scope") == "user")
            #expect(limited.headers.first(name: "X-RateLimit-Remaining") == "0")
            #expect(limited.headers.first(name: "X-RateLimit-Bucket") != nil)
            let body = try #require(limited.error)
            #expect(body.retryAfter == 2.5 && body.global == false && body.message == "You are being rate limited.")

            let allowed = try await rest.send(.POST, path, json: #"{"content":"hi"}"#)
            #expect(allowed.status == 200)
            #expect(allowed.headers.first(name: "X-RateLimit-Remaining") == "49")
            #expect(simulator.requestCount(route: "POST /channels/{channel_id}/messages") == 2)
            #expect(simulator.requests.map(\.status) == [429, 200])
        }
    }

    @Test func bucketLimitIsEnforcedPerChannel() async throws {
        // A window far longer than a loaded machine can stall between two requests (10 s was not).
        let limits = ["/channels/{channel_id}/messages": DiscordSimulator.RateLimit(limit: 2, window: .seconds(600))]
        try await withSimulator(.init(callbackDeadline: .seconds(120), rateLimits: limits)) { simulator, rest in
            let path = "/channels/\(DiscordSimulator.defaultChannelID)/messages"
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await rest.send(.POST, path, json: #"{"content":"hi"}"#).status) }
            #expect(statuses == [200, 200, 429])
            #expect(try await rest.send(.POST, "/channels/42/messages", json: #"{"content":"hi"}"#).status == 200)
            #expect(simulator.maxRequests(route: "/channels/", within: .seconds(600)) == 4)
            simulator.advanceTime(by: .seconds(600))
            #expect(try await rest.send(.POST, path, json: #"{"content":"hi"}"#).status == 200)
        }
    }

    @Test("a poll is checked as Discord checks it: answers, text lengths, whole hours, no layout flag, never edited")
    func pollsAreValidated() async throws {
        try await withSimulator { _, rest in
            let path = "/channels/\(DiscordSimulator.defaultChannelID)/messages"
            func poll(question: String = "What happens next?", answers: [String] = ["A lost kite", "A boat ride"],
                      duration: Int = 24, flags: Int? = nil) throws -> String {
                let payload = MessagePayload(flags: flags, poll: PollCreate(question: question, answers: answers, duration: duration))
                return String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
            }
            let created = try await rest.send(.POST, path, json: try poll())
            #expect(created.status == 200)
            let tooMany = try await rest.send(.POST, path, json: try poll(answers: (1...11).map { "choice \($0)" }))
            #expect(tooMany.status == 400 && tooMany.error?.code == 50035)
            #expect(try await rest.send(.POST, path, json: try poll(answers: [String(repeating: "a", count: 56)])).status == 400)
            #expect(try await rest.send(.POST, path, json: try poll(answers: [String(repeating: "a", count: 55)])).status == 200)
            #expect(try await rest.send(.POST, path, json: try poll(question: String(repeating: "q", count: 301))).status == 400)
            #expect(try await rest.send(.POST, path, json: try poll(duration: 0)).status == 400)
            #expect(try await rest.send(.POST, path, json: try poll(duration: 769)).status == 400)
            #expect(try await rest.send(.POST, path, json: try poll(duration: 768)).status == 200)
            #expect(try await rest.send(.POST, path, json: try poll(flags: 1 << 15)).status == 400, "no poll in a layout message")
            let id = try #require(try JSONDecoder().decode(CreatedID.self, from: created.body).id)
            #expect(try await rest.send(.PATCH, "\(path)/\(id)", json: try poll()).status == 400, "a poll is never edited")
        }
    }

    private struct CreatedID: Decodable { var id: String }

    @Test func deniedPermissionsForbidFilesAndEmbeds() async throws {
        try await withSimulator { simulator, rest in
            simulator.denyPermissions(channelID: 77, embedLinks: true)
            let response = try await rest.send(.POST, "/channels/77/messages", json: #"{"embeds":[{"title":"x"}]}"#)
            #expect(response.status == 403 && response.error?.code == 50013)
            #expect(try await rest.send(.POST, "/channels/77/messages", json: #"{"content":"plain"}"#).status == 200)
        }
    }

    @Test func commandsAreStoredWithIDs() async throws {
        try await withSimulator { simulator, rest in
            let path = "/applications/\(simulator.configuration.applicationID)/commands"
            let body = #"[{"name":"story","type":1,"description":"Tell a story","options":[{"type":1,"name":"new","description":"Start"}]}]"#
            let response = try await rest.send(.PUT, path, json: body)
            #expect(response.status == 200)
            let commands = try JSONDecoder().decode([ApplicationCommand].self, from: response.body)
            #expect(commands.first?.id != nil && commands.first?.name == "story")
            #expect(simulator.commandRegistrations == 1 && simulator.registeredCommands().count == 1)
            let invalid = try await rest.send(.PUT, path, json: #"[{"name":"Story","type":1,"description":"x"}]"#)
            #expect(invalid.status == 400 && invalid.error?.code == 50035)
        }
    }
}
