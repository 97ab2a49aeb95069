import StoryDomain

/// Named values in memory.
public actor InMemoryKeyValueStore: KeyValueStore {
    private var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public func value(for key: String) async throws -> String? { values[key] }

    public func setValue(_ value: String?, for key: String) async throws {
        values[key] = value
    }

    /// Everything stored (for assertions).
    public var all: [String: String] { values }
}
