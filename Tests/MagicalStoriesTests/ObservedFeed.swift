import StoryDomain
import Synchronization

/// A ``PaintedPageFeed`` passed through, telling the test once it is listening.
final class ObservedFeed: PaintedPageFeed {
    private let base: any PaintedPageFeed
    private let listened = Mutex(false)

    init(_ base: any PaintedPageFeed) { self.base = base }

    func follow(listening: @escaping @Sendable () -> Void, painted: @escaping @Sendable (StoryID, Int) -> Void) async {
        await base.follow(listening: { [self] in
            self.listened.withLock { $0 = true }
            listening()
        }, painted: painted)
    }

    func waitUntilListening() async throws {
        _ = try await waitFor(timeout: .seconds(20)) { listened.withLock { $0 } ? true : nil }
    }
}
