import Logging
import NIOCore

/// Hummingbird logs, as an error, every connection that closes before its first request was
/// read: a browser's unused preconnect, or one the connection guard closed (a slow header, a
/// cap). Those are expected (and, under a flood, would fill the log): they go to debug.
struct ClosedEarlyLogFilter: LogHandler {
    var base: any LogHandler

    var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    static let closedEarly = "\(ChannelError.inappropriateOperationForState)"

    func log(event: LogEvent) {
        var event = event
        if event.level == .error, event.message.description == "Error handling upgrade result",
           event.metadata?["error.type"]?.description == Self.closedEarly {
            guard base.logLevel <= .debug else { return }
            event.level = .debug
        }
        base.log(event: event)
    }

    /// `logger`, with this filter in front of its handler.
    static func filtering(_ logger: Logger) -> Logger {
        var filtered = logger
        filtered.handler = ClosedEarlyLogFilter(base: logger.handler)
        return filtered
    }
}
