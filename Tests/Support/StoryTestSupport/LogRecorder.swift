import Logging
import Synchronization

/// Collects every log line (level, message and metadata as sorted `key=value`), so tests can read
/// what was said and check that nothing secret was.
public final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    /// Every line logged so far: level, message and metadata.
    public var all: [String] { lines.withLock { $0 } }

    public init() {}

    /// A logger at `trace` whose lines this recorder keeps.
    public func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Waits, generously, until a line containing `text` was logged.
    public func waitFor(_ text: String, timeout: Duration = .seconds(60)) async throws {
        try await eventually("a log line with “\(text)”", timeout: timeout) { all.contains { $0.contains(text) } }
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
            let pairs = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            recorder.append((["\(event.level)", "\(event.message)"] + pairs).joined(separator: " "))
        }
    }
}
