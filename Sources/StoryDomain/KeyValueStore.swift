/// Small named values an adapter keeps across restarts (a gateway session, a hash of the
/// registered commands). Values are opaque text.
public protocol KeyValueStore: Sendable {
    func value(for key: String) async throws -> String?
    /// Stores `value`, or removes the key when `value` is nil.
    func setValue(_ value: String?, for key: String) async throws
}
