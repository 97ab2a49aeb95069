import Foundation
import Logging
import MagicalStories
import Operations
import StoryDomain
import Testing

@Suite("AppConfig")
struct AppConfigTests {
    func file(_ json: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-config-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("defaults apply when nothing is set")
    func defaults() async throws {
        let config = try await AppConfig.load(file: nil, environment: [:])
        #expect(config == AppConfig())
    }

    @Test("the file overrides defaults and the environment overrides the file")
    func layering() async throws {
        let path = try file(#"{"http": {"port": 9000, "host": "0.0.0.0"}, "stories": {"maxPages": 8}, "log": {"level": "debug"}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try await AppConfig.load(file: path, environment: ["HTTP_PORT": "9100", "DATABASE_PATH": "/tmp/x.sqlite"])
        #expect(config.httpPort == 9100)
        #expect(config.httpHost == "0.0.0.0")
        #expect(config.maxPages == 8)
        #expect(config.logLevel == .debug)
        #expect(config.databasePath == "/tmp/x.sqlite")
    }

    @Test("invalid values are refused by name, never silently replaced", arguments: [
        ["HTTP_PORT": "abc"], ["HTTP_PORT": "70000"], ["STORIES_WORKERS": "0"], ["STORIES_MAX_PAGES": "20"],
        ["LOG_LEVEL": "loud"], ["IMAGES_WIDTH": "12"], ["PREMIUM_MAX_PAGES": "13"], ["PREMIUM_STORIES_PER_DAY": "-1"],
        ["DISCORD_PREMIUM_SKU_IDS": "123,abc"], ["STORIES_JOB_LEASE_SECONDS": "2"], ["STORIES_JOB_LEASE_SECONDS": "601"],
        ["BUILTIN_STORIES_PER_DAY": "-1"], ["BUILTIN_STORIES_PER_DAY": "many"],
        ["DISCORD_RESUME_MAX_AGE_SECONDS": "-1"], ["DISCORD_RESUME_MAX_AGE_SECONDS": "3601"],
        ["DISCORD_ACK_CHECK_MS": "-1"], ["DISCORD_ACK_CHECK_MS": "3001"],
    ])
    func invalid(environment: [String: String]) async throws {
        await #expect {
            _ = try await AppConfig.load(file: nil, environment: environment)
        } throws: { error in
            guard let error = error as? AppConfigError, case let .invalid(key, _, _) = error else { return false }
            return environment.keys.contains(key)
        }
    }

    @Test("a stored gateway session is resumed at start up to 300 s after it was stored; the file and DISCORD_RESUME_MAX_AGE_SECONDS change it")
    func resumeMaxAge() async throws {
        #expect(try await AppConfig.load(file: nil, environment: [:]).discordResumeMaxAgeSeconds == 300)
        let path = try file(#"{"discord": {"resumeMaxAgeSeconds": 120}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await AppConfig.load(file: path, environment: [:]).discordResumeMaxAgeSeconds == 120)
        #expect(try await AppConfig.load(file: path, environment: ["DISCORD_RESUME_MAX_AGE_SECONDS": "0"]).discordResumeMaxAgeSeconds == 0)
    }

    @Test("a command's deferral waits up to 3 ms for its privacy check; DISCORD_ACK_CHECK_MS changes it, 0 never waits")
    func acknowledgementCheck() async throws {
        #expect(try await AppConfig.load(file: nil, environment: [:]).discordAcknowledgementCheckMilliseconds == 3)
        #expect(try await AppConfig.load(file: nil, environment: ["DISCORD_ACK_CHECK_MS": "0"]).discordAcknowledgementCheckMilliseconds == 0)
        #expect(try await AppConfig.load(file: nil, environment: ["DISCORD_ACK_CHECK_MS": "250"]).discordAcknowledgementCheckMilliseconds == 250)
    }

    @Test("the job lease is 30 s by default, renewed every 10 s and swept every 15 s; STORIES_JOB_LEASE_SECONDS shortens all three")
    func jobLease() async throws {
        let defaults = try await AppConfig.load(file: nil, environment: [:]).jobLease
        #expect(defaults.duration == JobLease.defaultDuration)
        #expect(defaults.renewal == JobLease.defaultRenewal && defaults.sweep == JobLease.defaultSweep)
        let path = try file(#"{"stories": {"jobLeaseSeconds": 12}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await AppConfig.load(file: path, environment: [:]).jobLeaseSeconds == 12)
        let short = try await AppConfig.load(file: path, environment: ["STORIES_JOB_LEASE_SECONDS": "9"]).jobLease
        #expect(short.duration == 9 && short.renewal == .seconds(3) && short.sweep == .milliseconds(4_500))
        #expect(short.owner != (try await AppConfig.load(file: nil, environment: [:]).jobLease.owner), "each lease names a new owner")
    }

    @Test("plans and premium SKUs come from the file and the environment")
    func plans() async throws {
        let path = try file(#"{"stories": {"perDay": 2, "builtinPerDay": 7}, "premium": {"maxPages": 10, "storiesPerDay": 20}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try await AppConfig.load(file: path, environment: ["DISCORD_PREMIUM_SKU_IDS": "1710000000000000001, 1710000000000000002"])
        #expect(config.storiesPerDay == 2 && config.premiumStoriesPerDay == 20 && config.premiumMaxPages == 10)
        #expect(config.builtinStoriesPerDay == 7)
        #expect(try await AppConfig.load(file: nil, environment: [:]).builtinStoriesPerDay == 50, "the default")
        #expect(try await AppConfig.load(file: path, environment: ["BUILTIN_STORIES_PER_DAY": "0"]).builtinStoriesPerDay == 0, "0: off")
        #expect(config.discordPremiumSKUIDs == ["1710000000000000001", "1710000000000000002"])
        let plans = MagicalStoriesApp.plans(config)
        #expect(plans.free == PlanLimits(storiesPerDay: 2, maxPages: 5, collections: false))
        #expect(plans.premium == PlanLimits(storiesPerDay: 20, maxPages: 10, collections: true))
    }

    @Test("the file's values are read as written: numbers or text, lists as comma-separated ids, null as unset")
    func fileValueKinds() async throws {
        let path = try file(#"""
            {"http": {"port": "9000"}, "stories": {"workers": null, "maxPages": 8.0},
             "discord": {"token": "token-from-the-file", "applicationId": 1100000000000000001},
             "admin": {"userIds": ["1400000000000000001", 1400000000000000002]}, "webChat": {"enabled": false}}
            """#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try await AppConfig.load(file: path, environment: [:])
        #expect(config.httpPort == 9000 && config.maxPages == 8)
        #expect(config.workers == AppConfig().workers)
        #expect(config.discordApplicationID == "1100000000000000001", "a snowflake written as a number keeps every digit")
        #expect(config.adminUserIDs == ["1400000000000000001", "1400000000000000002"])
        #expect(config.webChatEnabled == false)
        #expect(config.discordToken == "token-from-the-file")
        #expect(!config.description.contains("token-from-the-file"))
    }

    @Test("a file value of the wrong kind is refused by name", arguments: [
        (#"{"http": {"port": true}}"#, "HTTP_PORT"), (#"{"http": {"port": 80.5}}"#, "HTTP_PORT"),
        (#"{"webChat": {"enabled": "maybe"}}"#, "WEB_CHAT_ENABLED"), (#"{"admin": {"userIds": [true, "x"]}}"#, "ADMIN_USER_IDS"),
    ])
    func wrongKindInFile(json: String, name: String) async throws {
        let path = try file(json)
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect {
            _ = try await AppConfig.load(file: path, environment: [:])
        } throws: { error in
            guard let error = error as? AppConfigError, case let .invalid(key, _, _) = error else { return false }
            return key == name
        }
    }

    @Test("a file whose shape is not settings is refused whole", arguments: [
        "[1, 2]", #""just text""#, #"{"admin": {"userIds": [{"id": 1}]}}"#, #"{"http": {"port": 8080}"#,
    ])
    func unreadableShapes(json: String) async throws {
        let path = try file(json)
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect {
            _ = try await AppConfig.load(file: path, environment: [:])
        } throws: { error in
            guard let error = error as? AppConfigError, case .unreadableFile = error else { return false }
            return true
        }
    }

    @Test("a missing or malformed config file given on purpose is an error")
    func badFile() async throws {
        await #expect(throws: AppConfigError.self) { _ = try await AppConfig.load(file: "/nonexistent/config.json", environment: [:]) }
        let path = try file("{ not json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect(throws: AppConfigError.self) { _ = try await AppConfig.load(file: path, environment: [:]) }
    }
}

@Suite("AppConfig: Discord")
struct DiscordConfigTests {
    @Test("Discord settings come from the environment; the token never appears in the description")
    func discord() async throws {
        let config = try await AppConfig.load(file: nil, environment: [
            "DISCORD_TOKEN": "very-secret-token", "DISCORD_APPLICATION_ID": "1100000000000000001",
            "DISCORD_API_URL": "http://127.0.0.1:9999/api/v10", "DISCORD_GUILD_ID": "1200000000000000001",
            "ADMIN_USER_IDS": "1400000000000000001, 1400000000000000002", "WEB_CHAT_ENABLED": "false",
        ])
        #expect(config.discordToken == "very-secret-token")
        #expect(config.discordApplicationID == "1100000000000000001")
        #expect(config.discordAPIURL == "http://127.0.0.1:9999/api/v10")
        #expect(config.adminUserIDs == ["1400000000000000001", "1400000000000000002"])
        #expect(!config.webChatEnabled)
        #expect(!config.description.contains("very-secret-token"))
        #expect(!"\(config)".contains("very-secret-token"))
    }

    @Test("bad Discord ids and URLs are refused by name", arguments: [
        ["DISCORD_APPLICATION_ID": "abc"], ["DISCORD_GUILD_ID": "12x"], ["ADMIN_USER_IDS": "1,bob"], ["ADMIN_USER_IDS": "slack:1"],
        ["ADMIN_USER_IDS": "web:W Caps"], ["ADMIN_USER_IDS": "telegram:x"],
        ["DISCORD_API_URL": "discord.com"], ["WEB_CHAT_ENABLED": "maybe"],
    ])
    func invalid(environment: [String: String]) async {
        await #expect(throws: AppConfigError.self) { _ = try await AppConfig.load(file: nil, environment: environment) }
    }
}
