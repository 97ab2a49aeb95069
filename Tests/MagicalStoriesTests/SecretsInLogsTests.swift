import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import MagicalStories
import Operations
import ServiceLifecycle
import StoryDomain
import Synchronization
import Testing

/// The bot token and the provider keys never reach a log line, at any level, even when a
/// server echoes them back in its error bodies, whole or cut short.
@Suite("Secrets in logs", .serialized)
struct SecretsInLogsTests {
    /// Every piece of `secret` at least 8 characters long that appears in `line`, if any.
    static func leak(of secret: String, in line: String) -> String? {
        let characters = Array(secret)
        guard characters.count >= 8 else { return line.contains(secret) ? secret : nil }
        for start in 0...(characters.count - 8) {
            let piece = String(characters[start..<start + 8])
            if line.contains(piece) { return piece }
        }
        return nil
    }

    @Test("a Discord simulator and a model provider echoing the token and key in error bodies on every route: nothing reaches a trace log",
          arguments: ["gemini", "openai"])
    func echoedSecrets(provider: String) async throws {
        // A token shaped like Discord's (base64 id, timestamp, HMAC), so no piece of it is an ordinary word.
        let simulator = DiscordSimulator(configuration: .init(token: "MTA5ODc2NTQzMjEwOTg3NjU0.GxYz12.q8Rw3VtNp7Kd2LmZ9cBf4HsJx6UaE1oYgT5iWn",
                                                              heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let token = simulator.configuration.token
        // Gemini cuts a server's message at 240 characters, the OpenAI client an unparsed body at
        // 300: each echo starts just before that cut, so a client that redacts after cutting
        // leaves the key's first characters behind.
        let echo = provider == "gemini" ? EchoingServer(keyAt: 228, json: true) : EchoingServer(keyAt: 290, json: false)
        try await echo.start()
        let key = provider == "gemini" ? "AIzaSyEchoedGeminiKey0123456789abcdefgh" : "local-proxy-key-0123456789abcdefghijkl"
        var config = AppConfig()
        config.logLevel = .trace
        config.operations.logFormat = .json
        config.discordToken = token
        if provider == "gemini" {
            config.gemini.apiKey = key
        } else {
            config.openAI.apiKey = key
        }
        let lines = JSONLogTests.Lines()
        let logger = ServiceLogging.logger(for: config, sink: lines.sink)
        // The first requests at start (gateway URL, commands) are refused with the token in the body.
        let echoed = "Invalid authorization: Bot \(token) is not a token; headers were {Authorization: Bot \(token)}"
        simulator.injectError(route: "", status: 500, code: 0, message: echoed, count: 2)
        let bot = try await DiscordTestBot.start(simulator: simulator, logger: logger) { app in
            if provider == "gemini" {
                app.storyProvider = .gemini
                app.gemini.apiURL = echo.baseURL + "/v1beta"
                app.gemini.apiKey = key
            } else {
                app.storyProvider = .openai
                app.openAI.apiURL = echo.baseURL + "/v1"
                app.openAI.apiKey = key
            }
        }
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia"])
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForCallback(interactionID: command.id, timeout: .seconds(20))
        // Every later Discord request, on any route, is refused with the token echoed: 4xx and 5xx,
        // whole and cut where the pipeline cuts an error (500 characters).
        simulator.injectError(route: "", status: 400, code: 50035, message: echoed, count: 3)
        simulator.injectError(route: "", status: 500, code: 0, message: String(repeating: "y", count: 470) + echoed, count: 8)
        // The provider's echo is retried inside the provider, then the story pauses to try again.
        try await Eventually.check("the story paused after the provider's echoed errors", timeout: .seconds(60)) {
            lines.all.contains { $0.contains("story paused") }
        }
        #expect(echo.requests >= 3)
        await bot.stopAll()
        await echo.stop()

        let written = lines.all
        #expect(written.count > 20)
        #expect(written.contains { $0.contains(#""level":"trace""#) })
        #expect(written.contains { $0.contains("<redacted>") }, "the echoes were logged, redacted")
        for line in written {
            for secret in [token, key, command.token] {
                if let piece = Self.leak(of: secret, in: line) {
                    Issue.record("“\(piece)” of a secret in: \(line)")
                }
            }
        }
    }

    @Test("a secret cut short at either end is masked; whole secrets everywhere; other text untouched")
    func fragments() throws {
        let secret = "MTIzNDU2Nzg5.Gabcde.0123456789abcdefghijKLMNOP"
        let captured = Mutex<[String]>([])
        var config = AppConfig()
        config.discordToken = secret
        config.operations.logFormat = .json
        let logger = ServiceLogging.logger(for: config, sink: LogSink { line in captured.withLock { $0.append(line) } })
        logger.error("cut at the end: \(secret.prefix(10))...")
        logger.error("cut at the start: ...\(secret.suffix(9)) and more")
        logger.error("twice \(secret)\(secret) and Bot \(secret.prefix(20))")
        logger.error("short pieces stay: \(secret.prefix(5)) and an ordinary word MTIzNDU")
        let lines = captured.withLock { $0 }
        #expect(lines.count == 4)
        for line in lines { #expect(Self.leak(of: secret, in: line) == nil, "\(line)") }
        #expect(lines[0].contains("cut at the end: <redacted>..."))
        #expect(lines[1].contains("cut at the start: ...<redacted> and more"))
        #expect(lines[2].contains("twice <redacted> and Bot <redacted>"))
        #expect(lines[3].contains("short pieces stay: MTIzN and an ordinary word MTIzNDU"))
    }

    @Test("an http:// provider or Discord URL to another machine is warned about at start; loopback and https are not")
    func plainHTTPWarning() async throws {
        var config = AppConfig()
        config.discordToken = "a-bot-token-0123456789"
        config.discordAPIURL = "http://discord-proxy.example:8080/api/v10"
        config.storyProvider = .openai
        config.openAI.apiKey = "sk-0123456789"
        config.openAI.apiURL = "http://user:pass@10.1.2.3:11434/v1?x=1"
        config.imageProvider = .gemini
        config.gemini.apiKey = "AIza0123456789"
        config.gemini.apiURL = "http://127.0.0.1:9000/v1beta"
        #expect(config.insecureEndpoints.map(\.setting) == ["DISCORD_API_URL", "OPENAI_API_URL"])
        #expect(config.insecureEndpoints.map(\.origin) == ["http://discord-proxy.example:8080", "http://10.1.2.3:11434"])

        for loopback in ["http://localhost:1234/v1", "http://127.0.0.2/v1", "http://[::1]:8000/v1", "https://api.openai.com/v1"] {
            config.openAI.apiURL = loopback
            config.discordAPIURL = "https://discord.com/api/v10"
            #expect(config.insecureEndpoints.isEmpty, "\(loopback)")
        }
        // An unused provider's URL is not warned about.
        config.storyProvider = .offline
        config.openAI.apiURL = "http://10.1.2.3/v1"
        #expect(config.insecureEndpoints.isEmpty)

        // At start, through the service's logger.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-warn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        config.databasePath = directory.appendingPathComponent("s.sqlite").path
        config.discordToken = nil
        config.storyProvider = .openai
        config.openAI.apiKey = "sk-secret-key-0123456789"
        config.webChatEnabled = false
        config.httpPort = 0
        config.operations.metricsPort = 0
        config.operations.logFormat = .json
        let captured = Mutex<[String]>([])
        let logger = ServiceLogging.logger(for: config, sink: LogSink { line in captured.withLock { $0.append(line) } })
        let app = try MagicalStoriesApp(config: config, logger: logger)
        let group = app.serviceGroup()
        let running = Task { try await group.run() }
        _ = await app.operationsPort()
        await group.triggerGracefulShutdown()
        _ = await running.result
        let warnings = captured.withLock { $0 }.filter { $0.contains(#""level":"warning""#) && $0.contains("OPENAI_API_URL") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("http://10.1.2.3") == true)
        #expect(warnings.first?.contains("sk-secret") == false)
    }
}
