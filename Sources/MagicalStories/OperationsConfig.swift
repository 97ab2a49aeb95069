import Configuration
import Foundation

/// The settings an admin operating the service uses: the metrics and health listener, scheduled
/// backups and the log format. Read with the rest of ``AppConfig`` (environment over file over
/// these defaults).
///
/// | key (JSON path)    | environment        | default                                    |
/// |--------------------|--------------------|--------------------------------------------|
/// | `metrics.enabled`  | `METRICS_ENABLED`  | `true`                                     |
/// | `metrics.host`     | `METRICS_HOST`     | `127.0.0.1`                                |
/// | `metrics.port`     | `METRICS_PORT`     | `9464`                                     |
/// | `backup.dir`       | `BACKUP_DIR`       | none (no scheduled backups)                |
/// | `backup.every`     | `BACKUP_EVERY`     | `24h` (`30m`, `6h`, `7d`; at least `1m`)   |
/// | `backup.keep`      | `BACKUP_KEEP`      | `7` newest scheduled backups               |
/// | `log.format`       | `LOG_FORMAT`       | `text` (`json`: one JSON object per line)  |
public struct OperationsConfig: Sendable, Equatable, CustomStringConvertible {
    /// Serve `/metrics`, `/health` and `/ready` on their own address.
    public var metricsEnabled = true
    public var metricsHost = "127.0.0.1"
    public var metricsPort = 9464
    /// Where scheduled backups go; nil turns them off.
    public var backupDirectory: String?
    /// Time between scheduled backups.
    public var backupInterval: Duration = .seconds(24 * 3600)
    /// Scheduled backups kept; older ones are deleted after each new one.
    public var backupKeep = 7
    public var logFormat = LogFormat.text

    /// How log lines are written to standard error.
    public enum LogFormat: String, Sendable, CaseIterable {
        /// `2026-… info magical-stories: [component=…] message`, for people.
        case text
        /// One JSON object per line, for log shippers.
        case json
    }

    public init() {}

    public var description: String {
        "metrics: \(metricsEnabled ? "\(metricsHost):\(metricsPort)" : "off"), "
            + "backups: \(backupDirectory.map { "\($0) every \(Self.format(backupInterval)), keep \(backupKeep)" } ?? "off"), "
            + "logs: \(logFormat.rawValue)"
    }

    init(reader: ConfigReader) throws {
        metricsEnabled = try SettingValues.boolean(reader, "metrics.enabled", default: metricsEnabled, name: "METRICS_ENABLED")
        metricsHost = SettingValues.nonEmpty(reader.string(forKey: "metrics.host")) ?? metricsHost
        metricsPort = try SettingValues.integer(reader, "metrics.port", default: metricsPort, in: 0...65_535, name: "METRICS_PORT")
        backupDirectory = SettingValues.nonEmpty(reader.string(forKey: "backup.dir"))
        if let raw = SettingValues.nonEmpty(reader.string(forKey: "backup.every")) {
            guard let interval = Self.duration(raw), interval >= .seconds(60) else {
                throw AppConfigError.invalid(key: "BACKUP_EVERY", value: raw, expected: "a duration of at least 1m, like 30m, 6h or 1d")
            }
            backupInterval = interval
        }
        backupKeep = try SettingValues.integer(reader, "backup.keep", default: backupKeep, in: 1...1_000, name: "BACKUP_KEEP")
        if let raw = SettingValues.nonEmpty(reader.string(forKey: "log.format")) {
            guard let format = LogFormat(rawValue: raw.lowercased()) else {
                throw AppConfigError.invalid(key: "LOG_FORMAT", value: raw, expected: "text or json")
            }
            logFormat = format
        }
    }

    /// `90s`, `30m`, `6h`, `7d` (a bare number is seconds).
    static func duration(_ text: String) -> Duration? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Int64)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        let (digits, scale) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast()), $0.1) } ?? (text, 1)
        guard let value = Int64(digits.trimmingCharacters(in: .whitespaces)), value > 0, value <= 3_650 * 86_400 / scale else { return nil }
        return .seconds(value * scale)
    }

    /// The shortest way to write `duration` in the units ``duration(_:)`` reads.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        for (unit, scale) in [("d", Int64(86_400)), ("h", 3600), ("m", 60)] where seconds % scale == 0 {
            return "\(seconds / scale)\(unit)"
        }
        return "\(seconds)s"
    }



}
