import Foundation
import Logging
import Synchronization

/// The service's logs on standard error: text for people or one JSON object per line for log
/// shippers (`LOG_FORMAT`).
///
/// Secrets are kept out where they are made: the configuration, delivery addresses, Discord
/// routes and provider errors describe themselves with their tokens and keys redacted. As a
/// second guard, every line is scrubbed of the configured secrets (the Discord token and the
/// provider keys) before it is written, in either format.
public enum ServiceLogging {
    /// The root logger for `config`: its format and level, its secrets redacted, lines to `sink`.
    public static func logger(for config: AppConfig, label: String = "magical-stories",
                              sink: LogSink = .standardError) -> Logger {
        let secrets = Self.secrets(of: config)
        let format = config.operations.logFormat
        var logger = Logger(label: label) { label in
            let inner: any LogHandler = switch format {
            case .json: JSONLogHandler(label: label, sink: sink)
            case .text: StreamLogHandler.standardError(label: label)
            }
            return RedactingLogHandler(inner, secrets: secrets)
        }
        logger.logLevel = config.logLevel
        return logger
    }

    /// The configured values that must never be written.
    static func secrets(of config: AppConfig) -> [String] {
        [config.discordToken, config.gemini.apiKey, config.openAI.apiKey].compactMap { $0 }.filter { $0.count >= 6 }
    }
}

/// Where log lines go.
public struct LogSink: Sendable {
    /// Writes one whole line (without its newline).
    public let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Standard error, one `write` per line so that lines from different tasks never interleave.
    public static let standardError: LogSink = {
        let lock = Mutex(())
        return LogSink { line in
            lock.withLock { _ in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
    }()
}

/// One JSON object per log event, on one line: `time` (ISO 8601, UTC), `level`, `logger`,
/// `message`, `source`, then the metadata's keys (a key that clashes with those is written as
/// `meta.<key>`), values as JSON strings, arrays and objects.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    private let label: String
    private let sink: LogSink

    public init(label: String, sink: LogSink) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    static let reserved: Set<String> = ["time", "level", "logger", "message", "source", "error"]

    public func log(event: LogEvent) {
        var object: [String: Any] = [
            "time": Self.timestamp(Date()),
            "level": event.level.rawValue,
            "logger": label,
            "message": event.message.description,
            "source": event.source,
        ]
        if let error = event.error { object["error"] = String(describing: error) }
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let given = event.metadata { merged.merge(given) { $1 } }
        for (key, value) in merged {
            object[Self.reserved.contains(key) ? "meta.\(key)" : key] = Self.json(value)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let line = String(data: data, encoding: .utf8)
        else { return }
        sink.write(line)
    }

    static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case let .string(text): text
        case let .stringConvertible(convertible): convertible.description
        case let .array(values): values.map(json)
        case let .dictionary(entries): entries.mapValues(json)
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

/// Scrubs known secret values from every message and metadata value, then hands the event to
/// the handler that writes it.
public struct RedactingLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private var inner: any LogHandler
    private let secrets: [String]

    /// What a secret is replaced with.
    public static let mask = "<redacted>"

    public init(_ inner: any LogHandler, secrets: [String]) {
        self.inner = inner
        self.secrets = secrets.sorted { $0.count > $1.count }
    }

    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let given = event.metadata { merged.merge(given) { $1 } }
        var scrubbed = event
        scrubbed.message = "\(redact(event.message.description))"
        scrubbed.metadata = merged.mapValues(redact)
        if let error = event.error { scrubbed.error = RedactedError(description: redact(String(describing: error))) }
        inner.log(event: scrubbed)
    }

    func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: Self.mask)
        }
        return text
    }

    func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case let .string(text): .string(redact(text))
        case let .stringConvertible(convertible): .string(redact(convertible.description))
        case let .array(values): .array(values.map(redact))
        case let .dictionary(entries): .dictionary(entries.mapValues(redact))
        }
    }
}

/// An error already turned into redacted text.
struct RedactedError: Error, CustomStringConvertible {
    let description: String
}
