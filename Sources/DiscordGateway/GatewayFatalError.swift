/// The gateway refused the configuration (token, intents, shard, version): reconnecting cannot help.
public struct GatewayFatalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The close code Discord sent.
    public var closeCode: Int?
    /// What went wrong and how to fix it.
    public var message: String

    public init(closeCode: Int?, message: String) {
        self.closeCode = closeCode
        self.message = message
    }

    public var description: String { "Discord gateway fatal error: \(message)" }
}
