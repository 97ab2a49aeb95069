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
        var logger = Logger(label: label, factory: handlers(for: config, sink: sink))
        logger.logLevel = config.logLevel
        return logger
    }

    /// Makes every logger in the process, libraries' own included, write through the same
    /// format, level and redaction as ``logger(for:label:sink:)``. Call once, at start.
    public static func bootstrap(for config: AppConfig) {
        LoggingSystem.bootstrap(handlers(for: config, sink: .standardError))
    }

    /// Makes the handler of a logger labelled `label`: formatted, scrubbed, at the configured level.
    static func handlers(for config: AppConfig, sink: LogSink) -> @Sendable (String) -> any LogHandler {
        let secrets = Self.secrets(of: config)
        let format = config.operations.logFormat
        let level = config.logLevel
        return { label in
            let inner: any LogHandler = switch format {
            case .json: JSONLogHandler(label: label, sink: sink)
            case .text: StreamLogHandler.standardError(label: label)
            }
            var handler = RedactingLogHandler(inner, secrets: secrets)
            handler.logLevel = level
            return handler
        }
    }

    /// The configured values that must never be written.
    static func secrets(of config: AppConfig) -> [String] {
        [config.discordToken, config.telegram.token, config.gemini.apiKey, config.openAI.apiKey].compactMap { $0 }.filter { $0.count >= 6 }
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

/// Scrubs known secret values from every message and metadata value (whole, or cut short at
/// either end), then hands the event to the handler that writes it.
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

    /// The shortest piece of a secret that is masked on its own: a server's echo cut short
    /// (an error body truncated for a log line) leaves the secret's beginning or end.
    public static let minimumFragment = 8

    /// `text` with every secret masked, and every piece of one at least ``minimumFragment``
    /// characters long that begins or ends the secret.
    func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var text = text
        for secret in secrets {
            text = Self.mask(secret, in: text)
        }
        return text
    }

    static func mask(_ secret: String, in text: String) -> String {
        let secretScalars = Array(secret.unicodeScalars)
        let piece = min(secretScalars.count, minimumFragment)
        guard piece > 0 else { return text }
        let head = String(String.UnicodeScalarView(secretScalars.prefix(piece)))
        let tail = String(String.UnicodeScalarView(secretScalars.suffix(piece)))
        guard text.contains(head) || text.contains(tail) else { return text }
        let scalars = Array(text.unicodeScalars)
        var masked = [Bool](repeating: false, count: scalars.count)
        var index = 0
        while index + piece <= scalars.count {
            // A piece that begins the secret, as far as it goes on matching.
            if scalars[index..<index + piece].elementsEqual(secretScalars.prefix(piece)) {
                var end = index + piece
                while end < scalars.count, end - index < secretScalars.count, scalars[end] == secretScalars[end - index] { end += 1 }
                for position in index..<end { masked[position] = true }
            }
            // A piece that ends the secret, as far back as it goes on matching.
            if scalars[index..<index + piece].elementsEqual(secretScalars.suffix(piece)) {
                var start = index
                var matched = piece
                while start > 0, matched < secretScalars.count,
                      scalars[start - 1] == secretScalars[secretScalars.count - matched - 1] {
                    start -= 1
                    matched += 1
                }
                for position in start..<index + piece { masked[position] = true }
            }
            index += 1
        }
        var result = String.UnicodeScalarView()
        var position = 0
        while position < scalars.count {
            if masked[position] {
                result.append(contentsOf: Self.mask.unicodeScalars)
                while position < scalars.count, masked[position] { position += 1 }
            } else {
                result.append(scalars[position])
                position += 1
            }
        }
        return String(result)
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
