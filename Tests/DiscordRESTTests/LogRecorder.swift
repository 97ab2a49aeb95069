import Logging
import Synchronization

/// Collects every log line (message and metadata) so tests can check nothing secret is logged.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func logger() -> Logger {
        var logger = Logger(label: "discord-rest-test") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            recorder.append("\(event.level) \(event.message) \(merged)")
        }
    }
}
