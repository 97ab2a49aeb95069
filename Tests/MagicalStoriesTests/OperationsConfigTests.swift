import Foundation
import MagicalStories
import Operations
import Testing

@Suite("OperationsConfig")
struct OperationsConfigTests {
    @Test("defaults: metrics on 127.0.0.1:9464, no scheduled backups, text logs")
    func defaults() async throws {
        let operations = try await AppConfig.load(file: nil, environment: [:]).operations
        #expect(operations.metricsEnabled && operations.metricsHost == "127.0.0.1" && operations.metricsPort == 9464)
        #expect(operations.backupDirectory == nil && operations.backupInterval == .seconds(86_400) && operations.backupKeep == 7)
        #expect(operations.logFormat == .text)
    }

    @Test("read from the environment and the file")
    func values() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ms-ops-\(UUID().uuidString).json").path
        try Data(#"{"metrics": {"port": 9500, "enabled": false}, "backup": {"dir": "/srv/backups", "keep": 3}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let operations = try await AppConfig.load(file: path, environment: [
            "METRICS_HOST": "0.0.0.0", "BACKUP_EVERY": "6h", "LOG_FORMAT": "JSON",
        ]).operations
        #expect(!operations.metricsEnabled && operations.metricsHost == "0.0.0.0" && operations.metricsPort == 9500)
        #expect(operations.backupDirectory == "/srv/backups" && operations.backupInterval == .seconds(6 * 3600) && operations.backupKeep == 3)
        #expect(operations.logFormat == .json)
        #expect(operations.description == "metrics: off, backups: /srv/backups every 6h, keep 3, logs: json")
    }

    @Test("BACKUP_EVERY takes s, m, h and d", arguments: [("90s", 90), ("30m", 1800), ("1d", 86_400), ("3600", 3600)])
    func intervals(text: String, seconds: Int64) async throws {
        let operations = try await AppConfig.load(file: nil, environment: ["BACKUP_EVERY": text]).operations
        #expect(operations.backupInterval == .seconds(seconds))
    }

    @Test("invalid values are refused by name", arguments: [
        ["METRICS_PORT": "abc"], ["METRICS_PORT": "70000"], ["METRICS_ENABLED": "perhaps"], ["BACKUP_EVERY": "soon"],
        ["BACKUP_EVERY": "30s"], ["BACKUP_EVERY": "-1h"], ["BACKUP_KEEP": "0"], ["LOG_FORMAT": "xml"],
    ])
    func invalid(environment: [String: String]) async throws {
        await #expect {
            _ = try await AppConfig.load(file: nil, environment: environment)
        } throws: { error in
            guard let error = error as? AppConfigError, case let .invalid(key, _, _) = error else { return false }
            return environment.keys.contains(key)
        }
    }
}
