import Configuration
import DiscordGateway
import Foundation
import Logging
import StoryDomain
import StoryStorePostgres
import SystemPackage
import WebChat

/// Everything the service reads at start-up. Values come from environment variables first,
/// then the JSON config file, then these defaults.
///
/// | key (JSON path)      | environment          | default                          |
/// |----------------------|----------------------|----------------------------------|
/// | `http.host`          | `HTTP_HOST`          | `127.0.0.1`                      |
/// | `http.port`          | `HTTP_PORT`          | `8080`                           |
/// | `database.path`      | `DATABASE_PATH`      | `data/magical-stories.sqlite`    |
/// | `database.url`       | `DATABASE_URL`       | none (secret; `postgres://…` → PostgreSQL instead of SQLite) |
/// | `database.connectWaitSeconds` | `DATABASE_CONNECT_WAIT_SECONDS` | `60` (PostgreSQL unreachable at start: retry this long) |
/// | `log.level`          | `LOG_LEVEL`          | `info`                           |
/// | `stories.workers`    | `STORIES_WORKERS`    | `2`                              |
/// | `stories.jobLeaseSeconds` | `STORIES_JOB_LEASE_SECONDS` | `30` (3–600: how long a claimed job is held without a renewal) |
/// | `stories.maxPages`   | `STORIES_MAX_PAGES`  | `5` (the free plan's limit)      |
/// | `stories.perDay`     | `STORIES_PER_DAY`    | `3` stories that call a model, per person per family day |
/// | `stories.builtinPerDay` | `BUILTIN_STORIES_PER_DAY` | `50` stories made by the built-in providers alone, per person per family day (0: no cap) |
/// | `premium.maxPages`   | `PREMIUM_MAX_PAGES`  | `12` (the premium plan's limit)  |
/// | `premium.storiesPerDay`     | `PREMIUM_STORIES_PER_DAY` | `30`                        |
/// | `discord.premiumSkuIds` | `DISCORD_PREMIUM_SKU_IDS` | none (comma-separated SKU ids that count as premium) |
/// | `images.width`/`height` | `IMAGES_WIDTH`/`IMAGES_HEIGHT` | `768` × `512`      |
/// | `webChat.enabled`    | `WEB_CHAT_ENABLED`   | `true`                           |
/// | `discord.token`      | `DISCORD_TOKEN`      | none (secret; set → Discord bot) |
/// | `discord.applicationId` | `DISCORD_APPLICATION_ID` | asked from Discord if unset |
/// | `discord.apiUrl`     | `DISCORD_API_URL`    | `https://discord.com/api/v10`    |
/// | `discord.guildId`    | `DISCORD_GUILD_ID`   | none (commands registered globally) |
/// | `telegram.token`, `telegram.apiUrl` | `TELEGRAM_TOKEN`, `TELEGRAM_API_URL` | none (secret; set → Telegram bot), Telegram's (see ``TelegramSettings``) |
/// | `discord.resumeMaxAgeSeconds` | `DISCORD_RESUME_MAX_AGE_SECONDS` | `300` (0–3600: a stored gateway session older than this is not resumed at start) |
/// | `discord.ackCheckMs` | `DISCORD_ACK_CHECK_MS` | `3` (0–3000: how long a command's deferral waits for the check of whether its answer is private) |
/// | `discord.shardCount`, `discord.shards`, `discord.globalRateShare` | `DISCORD_SHARD_COUNT`, `DISCORD_SHARDS`, `DISCORD_GLOBAL_RATE_SHARE` | recommended count, all shards (see ``DiscordShardSettings``) |
/// | `admin.userIds`      | `ADMIN_USER_IDS`     | none (comma-separated user ids)  |
/// | `story.provider`     | `STORY_PROVIDER`     | `offline` (`gemini`, `openai`)   |
/// | `image.provider`     | `IMAGE_PROVIDER`     | `offline` (`gemini`, `openai`, `imagen`) |
/// | `childStory.provider` | `CHILD_STORY_PROVIDER` | `offline` (`openai`: a self-hosted server); who makes children's stories in Gemini's place (``ChildrenProviders``) |
/// | `gemini.apiKey` …    | `GEMINI_API_KEY`, `GEMINI_API_URL`, `GEMINI_TEXT_MODEL`, `GEMINI_IMAGE_MODEL` | |
/// | `openai.apiKey` …    | `OPENAI_API_KEY`, `OPENAI_API_URL`, `OPENAI_TEXT_MODEL`, `OPENAI_IMAGE_MODEL` | |
/// | model-call budgets … | `FAMILY_DAILY_MODEL_CALLS`, `MAX_DAILY_MODEL_CALLS`, … (see ``SpendLimits``) | |
/// | read aloud …         | `NARRATION_PROVIDER`, `NARRATION_GEMINI_VOICE`, … (see ``NarrationSettings``) | |
public struct AppConfig: Sendable, Equatable, CustomStringConvertible {
    public var httpHost = "127.0.0.1"
    public var httpPort = 8080
    public var databasePath = "data/magical-stories.sqlite"
    /// PostgreSQL instead of SQLite, when set. Its password is a secret: never logged.
    public var databaseURL: PostgresURL?
    /// How long the service waits, retrying, for a PostgreSQL it cannot reach at start.
    public var databaseConnectWaitSeconds = 60
    public var logLevel = Logger.Level.info
    /// Stories made at the same time.
    public var workers = 2
    /// How long a job claimed by this process is held without a renewal (``JobLease``): the
    /// process renews every third of it and sweeps for expired leases every half, so a dead
    /// process's stories are taken over within about one and a half leases. Every process on
    /// one database should use the same value. Short leases suit tests; under a heavy load a
    /// lease shorter than the longest stall lets another process take a live job (harmless:
    /// delivery is idempotent, but the work is done twice).
    public var jobLeaseSeconds = Int(JobLease.defaultDuration)
    /// The most pages a family may ask for.
    public var maxPages = 5
    /// Stories that call a model each person may start per day (the free plan's limit; 0 turns
    /// them off). Days are the family's local days (its `timezone` setting, else `TZ`).
    public var storiesPerDay = 3
    /// Stories the built-in writer, illustrator and voice make alone (they cost nothing) each
    /// person may start per day: an anti-flood cap, never below the plan's; 0 turns it off.
    public var builtinStoriesPerDay = DailyQuotaRules.defaultBuiltInStoriesPerDay
    /// The premium plan's page limit and stories per day.
    public var premiumMaxPages = 12
    public var premiumStoriesPerDay = 30
    /// Discord SKUs whose entitlements count as premium.
    public var discordPremiumSKUIDs: [String] = []
    public var imageWidth = 768
    public var imageHeight = 512
    /// Serve the family web chat (beside the Discord bot, when one is configured).
    public var webChatEnabled = true
    /// How families reach the web chat: public address, TLS, reverse proxy (``WebAccessSettings``).
    public var webAccess = WebAccessSettings()
    /// What one web chat client may cost: connections, messages, history (``WebChatLimitSettings``).
    public var webChatLimits = WebChatLimits()
    /// The Discord bot token. Secret: never logged or printed.
    public var discordToken: String?
    public var discordApplicationID: String?
    public var discordAPIURL = "https://discord.com/api/v10"
    public var discordGuildID: String?
    /// The Telegram bot (`TELEGRAM_TOKEN`, `TELEGRAM_API_URL`): ``TelegramSettings``.
    public var telegram = TelegramSettings()
    /// A stored Discord gateway session older than this is not resumed at start: the bot
    /// identifies afresh. Discord documents no exact window in which a session can be resumed;
    /// 5 minutes is a guess on the safe side (0: never resume after a restart).
    public var discordResumeMaxAgeSeconds = Int(GatewayStateMachine.defaultMaxResumeAge.components.seconds)
    /// How long a command's deferral waits for the check of whether its answer is private
    /// (``DiscordBot/Configuration/acknowledgementCheckBudget``); past it the deferral is public and
    /// a private answer replaces it. 0: never waits; nil (code only, tests): waits for the check.
    public var discordAcknowledgementCheckMilliseconds: Int? = 3
    /// New public Discord messages are cards (layout components, docs/discord.md); false: embeds
    /// as before (tests written against the embed layout turn it off).
    public var discordSendsCards = true
    /// The Discord shards this process runs and its share of the global REST limit.
    public var discordShards = DiscordShardSettings()
    /// The service's admins as written: `discord:<id>` (or a bare Discord id), `web:<member id>`,
    /// `telegram:<id>` (see ``admins``).
    public var adminUserIDs: [String] = []
    /// Who writes stories.
    public var storyProvider = TextProvider.offline
    /// Who paints pictures.
    public var imageProvider = ImageProvider.offline
    /// Who makes children's stories where a provider is Gemini, whose terms exclude services
    /// used by people under 18 (``ChildrenProviders``).
    public var childStoryProvider = ChildStoryProvider.offline
    public var gemini = ProviderSettings(apiURL: "https://generativelanguage.googleapis.com/v1beta",
                                         textModel: "gemini-2.5-flash", imageModel: "gemini-2.5-flash-image")
    public var openAI = ProviderSettings(apiURL: "https://api.openai.com/v1", textModel: "gpt-4o-mini", imageModel: "gpt-image-1")
    /// `max_completion_tokens` or `max_tokens`; nil: the first for api.openai.com, the second
    /// for other OpenAI-compatible servers (Ollama, vLLM), which only honour `max_tokens`.
    public var openAITokenLimitField: String?
    /// Metrics and health listener, scheduled backups, log format (see ``OperationsConfig``).
    public var operations = OperationsConfig()
    /// Model-call budgets, refused requests and collection remakes per day (see ``SpendLimits``).
    public var spend = SpendLimits()
    /// Who reads stories aloud, and how (see ``NarrationSettings``).
    public var narration = NarrationSettings()
    /// Bedtime's limits: schedules a family, how far ahead stories are made (see ``BedtimeSettings``).
    public var bedtime = BedtimeSettings()

    /// Text providers.
    public enum TextProvider: String, Sendable, CaseIterable { case offline, gemini, openai }
    /// Picture providers.
    public enum ImageProvider: String, Sendable, CaseIterable { case offline, gemini, openai, imagen }
    /// Providers of children's stories in Gemini's place: the built-in ones, or the self-hosted
    /// OpenAI-compatible server at `OPENAI_API_URL`.
    public enum ChildStoryProvider: String, Sendable, CaseIterable { case offline, openai }

    /// One provider's endpoint, key and models. The key is a secret.
    public struct ProviderSettings: Sendable, Equatable {
        public var apiURL: String
        public var apiKey: String?
        public var textModel: String
        public var imageModel: String

        public init(apiURL: String, apiKey: String? = nil, textModel: String, imageModel: String) {
            self.apiURL = apiURL
            self.apiKey = apiKey
            self.textModel = textModel
            self.imageModel = imageModel
        }
    }

    public init() {}

    /// This process's lease on the jobs it claims: a new owner id, held for ``jobLeaseSeconds``.
    public var jobLease: JobLease { JobLease(duration: TimeInterval(jobLeaseSeconds)) }

    /// The configuration with secrets redacted, for logs.
    public var description: String {
        "AppConfig(http: \(httpHost):\(httpPort), database: \(databaseURL.map(\.description) ?? databasePath), workers: \(workers), maxPages: \(maxPages), "
            + "webChat: \(webChatEnabled), discord: \(discordToken == nil ? "off" : "on (token redacted)"), "
            + "telegram: \(telegram), discordAPI: \(discordAPIURL), guild: \(discordGuildID ?? "global"), \(discordShards), admins: \(adminUserIDs.count), "
            + "story: \(storyProvider.rawValue), images: \(imageProvider.rawValue), children's: \(childStoryProvider.rawValue), "
            + "gemini key: \(gemini.apiKey == nil ? "unset" : "set (redacted)"), openai key: \(openAI.apiKey == nil ? "unset" : "set (redacted)"), "
            + "web: \(webAccess), spend: \(spend))"
    }

    /// The default config file, read when present and no `--config` is given.
    public static let defaultFile = "config/magical-stories.json"

    /// Reads the configuration: `environment` over the file at `file` (or the default file, if
    /// it exists) over the defaults. Invalid values are reported, not silently replaced.
    public static func load(file: String? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> AppConfig {
        var providers: [any ConfigProvider] = [EnvironmentVariablesProvider(environmentVariables: environment)]
        let path = file ?? defaultFile
        do {
            providers.append(try await FileProvider<JSONConfigSnapshot>(filePath: FilePath(path), allowMissing: file == nil))
        } catch {
            throw AppConfigError.unreadableFile(path: path, reason: "\(error)")
        }
        return try AppConfig(reader: ConfigReader(providers: providers))
    }

    init(reader: ConfigReader) throws {
        httpHost = reader.string(forKey: "http.host", default: httpHost)
        httpPort = try SettingValues.integer(reader, "http.port", default: httpPort, in: 0...65_535, name: "HTTP_PORT")
        databasePath = reader.string(forKey: "database.path", default: databasePath)
        if let url = SettingValues.nonEmpty(reader.string(forKey: "database.url", isSecret: true)) {
            do {
                databaseURL = try PostgresURL(parsing: url)
            } catch {
                // The parser's message names the part that is wrong and never repeats the password.
                throw AppConfigError.invalidSecret(key: "DATABASE_URL", problem: error.description)
            }
        }
        databaseConnectWaitSeconds = try SettingValues.integer(reader, "database.connectWaitSeconds", default: databaseConnectWaitSeconds,
                                                               in: 0...3_600, name: "DATABASE_CONNECT_WAIT_SECONDS")
        let level = reader.string(forKey: "log.level", default: logLevel.rawValue).lowercased()
        guard let parsed = Logger.Level(rawValue: level) else {
            throw AppConfigError.invalid(key: "LOG_LEVEL", value: level,
                                         expected: Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
        }
        logLevel = parsed
        workers = try SettingValues.integer(reader, "stories.workers", default: workers, in: 1...64, name: "STORIES_WORKERS")
        jobLeaseSeconds = try SettingValues.integer(reader, "stories.jobLeaseSeconds", default: jobLeaseSeconds,
                                                    in: JobLease.durationRange, name: "STORIES_JOB_LEASE_SECONDS")
        maxPages = try SettingValues.integer(reader, "stories.maxPages", default: maxPages, in: 3...12, name: "STORIES_MAX_PAGES")
        storiesPerDay = try SettingValues.integer(reader, "stories.perDay", default: storiesPerDay, in: 0...10_000, name: "STORIES_PER_DAY")
        // The file's `stories.builtinPerDay`, then the environment's `BUILTIN_STORIES_PER_DAY` (whose
        // key the environment provider spells `builtin.storiesPerDay`) over it.
        builtinStoriesPerDay = try SettingValues.integer(reader, "stories.builtinPerDay", default: builtinStoriesPerDay, in: 0...10_000,
                                                         name: "stories.builtinPerDay")
        builtinStoriesPerDay = try SettingValues.integer(reader, "builtin.storiesPerDay", default: builtinStoriesPerDay, in: 0...10_000,
                                                         name: "BUILTIN_STORIES_PER_DAY")
        premiumMaxPages = try SettingValues.integer(reader, "premium.maxPages", default: premiumMaxPages, in: 3...12, name: "PREMIUM_MAX_PAGES")
        premiumStoriesPerDay = try SettingValues.integer(reader, "premium.storiesPerDay", default: premiumStoriesPerDay, in: 0...10_000,
                                                name: "PREMIUM_STORIES_PER_DAY")
        imageWidth = try SettingValues.integer(reader, "images.width", default: imageWidth, in: 256...2048, name: "IMAGES_WIDTH")
        imageHeight = try SettingValues.integer(reader, "images.height", default: imageHeight, in: 256...2048, name: "IMAGES_HEIGHT")
        webChatEnabled = try SettingValues.boolean(reader, "webChat.enabled", default: webChatEnabled, name: "WEB_CHAT_ENABLED")
        webAccess = try WebAccessSettings(reader: reader)
        webChatLimits = try WebChatLimitSettings.read(reader)
        discordToken = SettingValues.nonEmpty(reader.string(forKey: "discord.token", isSecret: true))
        discordApplicationID = try Self.snowflake(reader, "discord.applicationId", name: "DISCORD_APPLICATION_ID")
        discordAPIURL = reader.string(forKey: "discord.apiUrl", default: discordAPIURL)
        guard discordAPIURL.hasPrefix("http://") || discordAPIURL.hasPrefix("https://") else {
            throw AppConfigError.invalid(key: "DISCORD_API_URL", value: discordAPIURL, expected: "an http(s) URL")
        }
        discordGuildID = try Self.snowflake(reader, "discord.guildId", name: "DISCORD_GUILD_ID")
        telegram = try TelegramSettings(reader: reader)
        discordShards = try DiscordShardSettings(reader: reader)
        discordResumeMaxAgeSeconds = try SettingValues.integer(reader, "discord.resumeMaxAgeSeconds", default: discordResumeMaxAgeSeconds,
                                                               in: 0...3_600, name: "DISCORD_RESUME_MAX_AGE_SECONDS")
        discordSendsCards = try SettingValues.boolean(reader, "discord.cards", default: discordSendsCards, name: "DISCORD_CARDS")
        discordAcknowledgementCheckMilliseconds = try SettingValues.integer(
            reader, "discord.ackCheckMs", default: discordAcknowledgementCheckMilliseconds ?? 3,
            in: 0...3_000, name: "DISCORD_ACK_CHECK_MS")
        let admins = reader.string(forKey: "admin.userIds", default: "")
        adminUserIDs = admins.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let bad = adminUserIDs.first(where: { AdminID(parsing: $0) == nil }) {
            throw AppConfigError.invalid(key: "ADMIN_USER_IDS", value: bad, expected: AdminID.expected)
        }
        discordPremiumSKUIDs = reader.string(forKey: "discord.premiumSkuIds", default: "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let bad = discordPremiumSKUIDs.first(where: { UInt64($0) == nil }) {
            throw AppConfigError.invalid(key: "DISCORD_PREMIUM_SKU_IDS", value: bad, expected: "comma-separated Discord SKU ids")
        }
        storyProvider = try Self.choice(reader, "story.provider", default: storyProvider, name: "STORY_PROVIDER")
        imageProvider = try Self.choice(reader, "image.provider", default: imageProvider, name: "IMAGE_PROVIDER")
        childStoryProvider = try Self.choice(reader, "childStory.provider", default: childStoryProvider, name: "CHILD_STORY_PROVIDER")
        gemini = try Self.provider(reader, "gemini", defaults: gemini, name: "GEMINI")
        openAI = try Self.provider(reader, "openai", defaults: openAI, name: "OPENAI")
        if let field = SettingValues.nonEmpty(reader.string(forKey: "openai.tokenLimitField")) {
            guard ["max_completion_tokens", "max_tokens"].contains(field) else {
                throw AppConfigError.invalid(key: "OPENAI_TOKEN_LIMIT_FIELD", value: field, expected: "max_completion_tokens or max_tokens")
            }
            openAITokenLimitField = field
        }
        if childStoryProvider == .openai, !ChildrenProviders.isSelfHosted(openAI.apiURL) {
            throw AppConfigError.invalid(key: "CHILD_STORY_PROVIDER", value: "openai",
                                         expected: "offline while OPENAI_API_URL (\(openAI.apiURL)) is a public endpoint: set it to your self-hosted server")
        }
        operations = try OperationsConfig(reader: reader)
        spend = try SpendLimits(reader: reader)
        narration = try NarrationSettings(reader: reader)
        bedtime = try BedtimeSettings(reader: reader)
        switch narration.resolved(storyProvider: storyProvider) {
        case .gemini where gemini.apiKey == nil:
            throw AppConfigError.invalid(key: "GEMINI_API_KEY", value: "(unset)", expected: "set when Gemini reads aloud (NARRATION_PROVIDER)")
        case .openai where openAI.apiKey == nil && URL(string: openAI.apiURL)?.host == "api.openai.com":
            throw AppConfigError.invalid(key: "OPENAI_API_KEY", value: "(unset)", expected: "set when OpenAI reads aloud (NARRATION_PROVIDER)")
        default: break
        }
        if storyProvider == .gemini || [.gemini, .imagen].contains(imageProvider), gemini.apiKey == nil {
            throw AppConfigError.invalid(key: "GEMINI_API_KEY", value: "(unset)", expected: "set when a Gemini provider is chosen")
        }
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ reader: ConfigReader, _ key: ConfigKey, default fallback: T,
                                                                   name: String) throws -> T where T.RawValue == String {
        guard let raw = SettingValues.nonEmpty(reader.string(forKey: key)) else { return fallback }
        guard let value = T(rawValue: raw.lowercased()) else {
            throw AppConfigError.invalid(key: name, value: raw, expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }

    private static func provider(_ reader: ConfigReader, _ prefix: String, defaults: ProviderSettings, name: String) throws -> ProviderSettings {
        var settings = defaults
        settings.apiURL = reader.string(forKey: ConfigKey("\(prefix).apiUrl"), default: defaults.apiURL)
        guard settings.apiURL.hasPrefix("http://") || settings.apiURL.hasPrefix("https://") else {
            throw AppConfigError.invalid(key: "\(name)_API_URL", value: settings.apiURL, expected: "an http(s) URL")
        }
        settings.apiKey = SettingValues.nonEmpty(reader.string(forKey: ConfigKey("\(prefix).apiKey"), isSecret: true))
        settings.textModel = SettingValues.nonEmpty(reader.string(forKey: ConfigKey("\(prefix).textModel"))) ?? defaults.textModel
        settings.imageModel = SettingValues.nonEmpty(reader.string(forKey: ConfigKey("\(prefix).imageModel"))) ?? defaults.imageModel
        return settings
    }


    private static func snowflake(_ reader: ConfigReader, _ key: ConfigKey, name: String) throws -> String? {
        guard let value = SettingValues.nonEmpty(reader.string(forKey: key)) else { return nil }
        guard UInt64(value) != nil else { throw AppConfigError.invalid(key: name, value: value, expected: "a Discord id (digits)") }
        return value
    }


}

/// A configuration problem, said so an admin can fix it.
public enum AppConfigError: Error, CustomStringConvertible, Equatable {
    case unreadableFile(path: String, reason: String)
    case invalid(key: String, value: String, expected: String)
    /// A secret setting that is wrong; its value is never repeated.
    case invalidSecret(key: String, problem: String)

    public var description: String {
        switch self {
        case let .invalidSecret(_, problem): problem
        case let .unreadableFile(path, reason): "Cannot read the config file \(path): \(reason)"
        case let .invalid(key, value, expected): "\(key) is “\(value)”, but it must be \(expected)."
        }
    }
}
