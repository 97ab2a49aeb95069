import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import MagicalStories
import Operations
import ProviderFakes
import StoryDomain
import Testing
import WebChat

/// `/metrics`, `/health` and `/ready` on the operations listener, over real HTTP on loopback.
@Suite("Operations: metrics, health and readiness over HTTP", .serialized)
struct OperationsEndpointTests {
    typealias Name = ServiceMetrics.Name

    /// The only label names any metric may carry: no user, family, room, guild or story.
    static let allowedLabels: Set<String> = ["platform", "command", "outcome", "provider", "images", "kind", "state", "event", "le",
                                              "budget", "stage", "shard"]

    static func get(_ port: Int, _ path: String) async throws -> (status: Int, body: String, headers: [String: String]) {
        let (status, data, headers) = try await HTTPGet.fetch(URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return (status, String(decoding: data, as: UTF8.self), headers)
    }

    static func scrape(_ port: Int) async throws -> PrometheusText {
        let (status, body, headers) = try await get(port, "/metrics")
        #expect(status == 200)
        #expect(headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        return PrometheusText(body)
    }

    @Test("after a web chat story whose picture failed once, /metrics has every family with low-cardinality labels")
    func webChatStoryMetrics() async throws {
        let gemini = GeminiFake()
        try await gemini.start()
        gemini.enqueue(.unavailable, for: .image)
        let app = try await TestApp.start { config in
            config.storyProvider = .gemini
            config.imageProvider = .gemini
            config.gemini = .init(apiURL: gemini.baseURL, apiKey: gemini.apiKey, textModel: "gemini-test", imageModel: "gemini-image-test")
        }
        let port = try #require(await app.app.operationsPort())
        #expect(port != app.port, "metrics listen apart from the web chat")

        let anna = try await ChatTestClient.join(app, room: "family", name: "Anna")
        _ = try await anna.next("history") { $0.type == "history" }
        try await anna.say("/story new theme:a sleepy dragon name:Mia age:5 pages:3")
        let page1 = try await anna.next("page 1", timeout: .seconds(30)) { $0.message?.page != nil }
        let view = try #require(page1.message?.page)
        let messageID = try #require(page1.message?.id)
        try await waitUntilReady(app.app.stories, id: view.storyId, family: FamilyRef(platform: "web", externalID: "family"),
                                 timeout: .seconds(30))
        try await anna.press(try #require(page1.message?.buttons.first?[2]).id, on: messageID)
        _ = try await anna.next("page 2") { $0.message?.id == messageID && $0.message?.page?.pageNumber == 2 }
        try await anna.say("/story new")  // no theme: a kind refusal, before any acknowledgement

        _ = try await anna.next("the refusal") { $0.message?.fromBot == true && $0.message?.text?.contains("theme") == true }
        let metrics = try await Self.scrape(port)
        #expect(metrics.value(Name.interactions, ["platform": "web", "command": "story.new", "outcome": "ok"]) == 1)
        #expect(metrics.value(Name.interactions, ["platform": "web", "command": "invalid", "outcome": "refused"]) == 1)
        #expect(metrics.value(Name.interactions, ["platform": "web", "command": "button", "outcome": "ok"]) == 1)
        #expect(metrics.value(Name.acknowledgement + "_count", ["platform": "web"]) == 1)
        #expect(metrics.value(Name.pageTurn + "_count", ["platform": "web"]) == 1)
        #expect(metrics.value(Name.stories, ["provider": "gemini", "images": "gemini", "outcome": "delivered"]) == 1)
        #expect(metrics.value(Name.storyDuration + "_count", ["provider": "gemini", "outcome": "delivered"]) == 1)
        #expect((metrics.value(Name.storyDuration + "_sum", ["provider": "gemini", "outcome": "delivered"]) ?? 0) > 0)
        #expect(metrics.value(Name.providerErrors, ["provider": "gemini", "kind": "unavailable"]) == 1)
        #expect(metrics.value(Name.providerRetries, ["provider": "gemini"]) == 1)
        #expect(metrics.value(Name.jobs, ["state": "queued"]) == 0)
        #expect(metrics.value(Name.jobs, ["state": "running"]) == 0)
        #expect(metrics.value(Name.jobsFailed) == 0)
        #expect(metrics.value(Name.webChatConnections) == 1)
        #expect((metrics.value(Name.databaseSize) ?? 0) > 100_000, "the pictures are in it")
        #expect(!metrics.has(Name.gatewayState), "no Discord families without Discord")

        // Low cardinality: only known label names, and nothing of the family in any value.
        let labelNames = Set(metrics.samples.flatMap(\.labels.keys))
        #expect(labelNames.isSubset(of: Self.allowedLabels), "unexpected labels: \(labelNames.subtracting(Self.allowedLabels))")
        for text in ["anna", "Anna", "family", "Mia", view.storyId] {
            #expect(!metrics.samples.contains { $0.labels.values.contains(text) }, "\(text) in a label")
        }

        await anna.close()
        try await pollUntil {
            (try await Self.scrape(port)).value(Name.webChatConnections) == 0
        }
        #expect(try await Self.get(port, "/health").body == "ok\n")
        let ready = try await Self.get(port, "/ready")
        #expect(ready.status == 200 && ready.body == "ready\n")
        await app.stop()
        await gemini.stop()
        app.removeFiles()
    }

    @Test("the operations port answers a half-sent header 408 and closes an idle kept-alive connection, as the web port does")
    func timeouts() async throws {
        let app = try await TestApp.start { config in
            config.webChatLimits.headerTimeout = .seconds(1)
            config.webChatLimits.idleTimeout = .seconds(2)
        }
        defer { app.removeFiles() }
        let port = try #require(await app.app.operationsPort())
        let half = try RawSocket(port: port)
        let started = ContinuousClock.now
        try half.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
        let answer = String(decoding: try await half.readUntilClosed(timeout: .seconds(20)), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 408"), "answered: \(answer.prefix(40))")
        #expect(ContinuousClock.now - started >= .milliseconds(900))

        let idle = try RawSocket(port: port)
        try idle.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try await idle.readAnswer() == (200, "ok\n"))
        _ = try await idle.readUntilClosed(timeout: .seconds(20))
        await app.stop()
    }

    @Test("with Discord on and the web chat off, /ready follows the gateway; /metrics shows its state, reconnects and 429s")
    func discordReadinessAndMetrics() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let port = try #require(await bot.app.operationsPort())
        try await pollUntil { try await Self.get(port, "/ready").status == 200 }

        simulator.inject429(route: "PATCH /webhooks/{application_id}/{interaction_token}/messages/", count: 1, retryAfter: 0.2)
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id, where: DiscordStoryFlowTests.isPage(1, of: 5),
                                                        timeout: .seconds(20))
        var metrics = try await Self.scrape(port)
        #expect(metrics.value(Name.interactions, ["platform": "discord", "command": "story.new", "outcome": "ok"]) == 1)
        #expect(metrics.value(Name.acknowledgement + "_count", ["platform": "discord"]) == 1)
        #expect(metrics.value(Name.gatewayState, ["state": "ready"]) == 1)
        #expect(metrics.sum(Name.gatewayState) == 1, "one state at a time")
        // Usually 0; a loaded machine may miss a 250 ms heartbeat ACK and reconnect once already.
        let reconnectsBefore = metrics.value(Name.gatewayReconnects) ?? 0
        #expect(reconnectsBefore <= 1)
        #expect((metrics.value(Name.restRateLimited) ?? 0) >= 1)
        #expect(!metrics.has(Name.webChatConnections), "no web chat, no web chat family")
        let labelNames = Set(metrics.samples.flatMap(\.labels.keys))
        #expect(labelNames.isSubset(of: Self.allowedLabels))
        #expect(!metrics.text.contains(String(describing: DiscordSimulator.defaultGuildID)), "no guild ids")

        // The connection drops: the bot reconnects and resumes.
        let connections = simulator.connectionCount
        await simulator.dropConnection()
        try await simulator.waitForConnections(count: connections + 1, timeout: .seconds(10))
        try await pollUntil {
            let metrics = try await Self.scrape(port)
            return (metrics.value(Name.gatewayReconnects) ?? 0) >= reconnectsBefore + 1
                && metrics.value(Name.gatewayState, ["state": "ready"]) == 1
        }

        // Discord goes away: not ready, and /ready says why; still alive.
        await simulator.stop()
        try await pollUntil { try await Self.get(port, "/ready").status == 503 }
        let notReady = try await Self.get(port, "/ready")
        #expect(notReady.body.hasPrefix("discord gateway: "))
        #expect(try await Self.get(port, "/health").status == 200)
        metrics = try await Self.scrape(port)
        #expect(metrics.value(Name.gatewayState, ["state": "ready"]) == 0)
        await bot.stopBot()
        try? FileManager.default.removeItem(at: bot.directory)
    }

    @Test("METRICS_ENABLED=false: no operations listener")
    func metricsOff() async throws {
        let app = try await TestApp.start { $0.operations.metricsEnabled = false }
        #expect(await app.app.operationsPort() == nil)
        await app.stop()
        app.removeFiles()
    }

    @Test("a second service on the same database refuses to start and names the first; after a stop it starts")
    func oneServicePerDatabase() async throws {
        let first = try await TestApp.start()
        var config = first.app.config
        config.operations.metricsEnabled = false
        #expect(throws: ServiceLockError.held(path: config.databasePath + ".lock", pid: Int(getpid()))) {
            _ = try MagicalStoriesApp(config: config, logger: Logger(label: "second"))
        }
        await first.stop()
        let second = try await TestApp.start(directory: first.directory)
        await second.stop()
        second.removeFiles()
    }
}
