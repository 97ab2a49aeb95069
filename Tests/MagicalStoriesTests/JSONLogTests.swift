import DiscordModels
import DiscordSimulator
import Foundation
import Logging
import MagicalStories
import Operations
import StoryDomain
import Synchronization
import Testing

/// `LOG_FORMAT=json`: what a log shipper reads.
@Suite("JSON logs", .serialized)
struct JSONLogTests {
    /// Collects lines as the service writes them.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var sink: LogSink { LogSink { line in self.lines.withLock { $0.append(line) } } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test("a Discord story logged at trace level: one JSON object per line, and no token or key in any line")
    func discordStoryAtTrace() async throws {
        let simulator = DiscordSimulator(configuration: .init(heartbeatInterval: .milliseconds(250)))
        try await simulator.start()
        let geminiKey = "gemini-secret-key-0123456789"
        var config = try await AppConfig.load(file: nil, environment: [
            "LOG_FORMAT": "json", "LOG_LEVEL": "trace", "GEMINI_API_KEY": geminiKey, "OPENAI_API_KEY": "sk-openai-secret-0123456789",
        ])
        #expect(config.operations.logFormat == .json)
        config.discordToken = simulator.configuration.token
        let lines = Lines()
        let logger = ServiceLogging.logger(for: config, sink: lines.sink)
        #expect(logger.logLevel == .trace)
        let bot = try await DiscordTestBot.start(simulator: simulator, logger: logger) { app in
            app.gemini.apiKey = geminiKey
            app.openAI.apiKey = config.openAI.apiKey
        }
        logger.info("starting", metadata: ["config": "\(bot.app.config)"])
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": "a sleepy dragon", "name": "Mia", "age": 5])
        await simulator.sendInteraction(command)
        _ = try await simulator.waitForOriginalResponse(interactionID: command.id, where: DiscordStoryFlowTests.isPage(1, of: 5),
                                                        timeout: .seconds(20))
        // A careless line (a secret in the message and in metadata) is scrubbed all the same.
        logger.warning("careless \(simulator.configuration.token)", metadata: ["header": "Bot \(simulator.configuration.token)",
                                                                              "nested": ["key": "\(geminiKey)"]])
        await bot.stopAll()

        let written = lines.all
        #expect(written.count > 20)
        let secrets = [simulator.configuration.token, geminiKey, "sk-openai-secret-0123456789", command.token]
        for line in written {
            #expect(!line.contains("\n"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(object["time"] is String && object["level"] is String && object["message"] is String && object["logger"] is String)
            for secret in secrets { #expect(!line.contains(secret), "a secret in \(line)") }
        }
        let levels = Set(written.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["level"] as? String })
        #expect(levels.contains("trace") && levels.contains("info"))
        let careless = try #require(written.last { $0.contains("careless") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(careless.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "careless <redacted>")
        #expect(object["header"] as? String == "Bot <redacted>")
        #expect((object["nested"] as? [String: Any])?["key"] as? String == "<redacted>")
        #expect(written.contains { $0.contains(#""component":"discord""#) }, "metadata is a top-level key")
    }

    @Test("text logs are scrubbed too, and a metadata key named like a field keeps both")
    func textAndClashes() throws {
        let captured = Mutex<[LogEvent]>([])
        struct Capture: LogHandler {
            let captured: @Sendable (LogEvent) -> Void
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) { captured(event) }
        }
        var logger = Logger(label: "t") { _ in
            RedactingLogHandler(Capture { event in captured.withLock { $0.append(event) } }, secrets: ["hunter2-secret"])
        }
        logger[metadataKey: "component"] = "x-hunter2-secret"
        logger.info("pass hunter2-secret", metadata: ["list": ["a", "hunter2-secret"]])
        let event = try #require(captured.withLock { $0.first })
        #expect(event.message.description == "pass <redacted>")
        #expect(event.metadata?["component"]?.description == "x-<redacted>")
        #expect(event.metadata?["list"] == .array(["a", "<redacted>"]))

        let lines = Lines()
        let json = Logger(label: "j") { JSONLogHandler(label: $0, sink: lines.sink) }
        json.notice("hello", metadata: ["message": "a clash", "count": "3"])
        let line = try #require(lines.all.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "hello")
        #expect(object["meta.message"] as? String == "a clash")
        #expect(object["count"] as? String == "3" && object["level"] as? String == "notice" && object["logger"] as? String == "j")
    }
}
