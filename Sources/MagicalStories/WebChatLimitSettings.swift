import Configuration
import Foundation
import WebChat

/// The web chat's limits from the configuration (docs/limits.md, "Web chat"). Blank is absent;
/// a value of the wrong kind or out of range is an error naming the variable.
///
/// | key (JSON path)                      | environment                            | default |
/// |--------------------------------------|----------------------------------------|---------|
/// | `webChat.maxConnections`             | `WEB_CHAT_MAX_CONNECTIONS`             | 1024    |
/// | `webChat.maxConnectionsPerAddress`   | `WEB_CHAT_MAX_CONNECTIONS_PER_ADDRESS` | 64      |
/// | `webChat.maxGuestConnectionsPerAddress` | `WEB_CHAT_MAX_GUEST_CONNECTIONS_PER_ADDRESS` | 16 |
/// | `webChat.reservedConnections`        | `WEB_CHAT_RESERVED_CONNECTIONS`        | 16      |
/// | `webChat.headerTimeoutSeconds`       | `WEB_CHAT_HEADER_TIMEOUT_SECONDS`      | 10      |
/// | `webChat.idleTimeoutSeconds`         | `WEB_CHAT_IDLE_TIMEOUT_SECONDS`        | 60      |
/// | `webChat.guestIdleTimeoutSeconds`    | `WEB_CHAT_GUEST_IDLE_TIMEOUT_SECONDS`  | 10      |
/// | `webChat.maxHeaderBytes`             | `WEB_CHAT_MAX_HEADER_BYTES`            | 16384   |
/// | `webChat.maxFrameBytes`              | `WEB_CHAT_MAX_FRAME_BYTES`             | 16384   |
/// | `webChat.sendQueueFrames`            | `WEB_CHAT_SEND_QUEUE_FRAMES`           | 256     |
/// | `webChat.writeTimeoutSeconds`        | `WEB_CHAT_WRITE_TIMEOUT_SECONDS`       | 5       |
/// | `webChat.messageBurst`               | `WEB_CHAT_MESSAGE_BURST`               | 20      |
/// | `webChat.messagesPerMinute`          | `WEB_CHAT_MESSAGES_PER_MINUTE`         | 120     |
/// | `webChat.maxMessageCharacters`       | `WEB_CHAT_MAX_MESSAGE_CHARACTERS`      | 2000    |
/// | `webChat.maxMessageBytes`            | `WEB_CHAT_MAX_MESSAGE_BYTES`           | 4096    |
/// | `webChat.historyMessages`            | `WEB_CHAT_HISTORY_MESSAGES`            | 100     |
/// | `webChat.historyBytes`               | `WEB_CHAT_HISTORY_BYTES`               | 131072  |
/// | `webChat.keepMessages`               | `WEB_CHAT_KEEP_MESSAGES`               | 1000    |
/// | `webChat.keepDays`                   | `WEB_CHAT_KEEP_DAYS`                   | 90      |
enum WebChatLimitSettings {
    static func read(_ reader: ConfigReader) throws -> WebChatLimits {
        var limits = WebChatLimits()
        func integer(_ key: String, _ value: Int, _ range: ClosedRange<Int>) throws -> Int {
            let configKey = ConfigKey("webChat.\(key)")
            // Blank is absent (an `Environment=WEB_CHAT_…=` line left empty).
            if reader.int(forKey: configKey) == nil, let raw = reader.string(forKey: configKey), SettingValues.nonEmpty(raw) == nil {
                return value
            }
            return try SettingValues.integer(reader, configKey, default: value, in: range, name: environmentName(key))
        }
        func seconds(_ key: String, _ value: Duration, _ range: ClosedRange<Int>) throws -> Duration {
            .seconds(try integer(key, Int(value.components.seconds), range))
        }
        limits.maxConnections = try integer("maxConnections", limits.maxConnections, 1...1_000_000)
        limits.maxConnectionsPerAddress = try integer("maxConnectionsPerAddress", limits.maxConnectionsPerAddress, 1...1_000_000)
        limits.maxGuestConnectionsPerAddress = try integer("maxGuestConnectionsPerAddress", limits.maxGuestConnectionsPerAddress,
                                                           1...1_000_000)
        limits.reservedConnections = try integer("reservedConnections", limits.reservedConnections, 0...10_000)
        limits.headerTimeout = try seconds("headerTimeoutSeconds", limits.headerTimeout, 1...300)
        limits.idleTimeout = try seconds("idleTimeoutSeconds", limits.idleTimeout, 1...3_600)
        limits.guestIdleTimeout = try seconds("guestIdleTimeoutSeconds", limits.guestIdleTimeout, 1...3_600)
        limits.maxHeaderBytes = try integer("maxHeaderBytes", limits.maxHeaderBytes, 1_024...1_048_576)
        limits.maxFrameBytes = try integer("maxFrameBytes", limits.maxFrameBytes, 1_024...1_048_576)
        limits.sendQueueFrames = try integer("sendQueueFrames", limits.sendQueueFrames, 8...100_000)
        limits.writeTimeout = try seconds("writeTimeoutSeconds", limits.writeTimeout, 1...300)
        limits.messageBurst = try integer("messageBurst", limits.messageBurst, 1...10_000)
        limits.messagesPerMinute = try integer("messagesPerMinute", limits.messagesPerMinute, 1...60_000)
        limits.maxMessageCharacters = try integer("maxMessageCharacters", limits.maxMessageCharacters, 1...100_000)
        limits.maxMessageBytes = try integer("maxMessageBytes", limits.maxMessageBytes, 64...1_048_576)
        limits.historyMessages = try integer("historyMessages", limits.historyMessages, 0...10_000)
        limits.historyBytes = try integer("historyBytes", limits.historyBytes, 1_024...16_777_216)
        limits.retention.keepMessages = try integer("keepMessages", limits.retention.keepMessages, 1...10_000_000)
        limits.retention.keepDays = try integer("keepDays", limits.retention.keepDays, 1...36_500)
        return limits
    }

    /// `maxConnectionsPerAddress` → `WEB_CHAT_MAX_CONNECTIONS_PER_ADDRESS`.
    static func environmentName(_ key: String) -> String {
        "WEB_CHAT_" + key.reduce(into: "") { name, character in
            if character.isUppercase { name += "_" }
            name += character.uppercased()
        }
    }
}
