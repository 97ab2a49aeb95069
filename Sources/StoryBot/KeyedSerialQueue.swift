/// Runs work for the same key one at a time, in arrival order; different keys run in parallel.
/// The router uses it per person so that the quota check, the "on its way" message and the
/// stored job of one request finish before that person's next request is checked.
actor KeyedSerialQueue {
    private var tails: [String: Task<Void, Never>] = [:]

    func run<T: Sendable>(_ key: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let previous = tails[key]
        let work = Task {
            await previous?.value
            return try await body()
        }
        let tail = Task { _ = try? await work.value }
        tails[key] = tail
        defer { if tails[key] == tail { tails[key] = nil } }
        return try await work.value
    }

    /// Keys with work queued or running (for tests).
    var activeKeys: Int { tails.count }
}
