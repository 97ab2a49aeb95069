import StoryDomain
import Synchronization

/// A ``PaintedPageFeed`` passed through, telling the test once it is listening and which
/// pages it was told of.
final class ObservedFeed: PaintedPageFeed {
    private let base: any PaintedPageFeed
    private let listened = Mutex(false)
    private let toldPages = Mutex<[Int]>([])

    /// The page numbers told painted so far, in order.
    var told: [Int] { toldPages.withLock { $0 } }

    init(_ base: any PaintedPageFeed) { self.base = base }

    func follow(listening: @escaping @Sendable () -> Void, painted: @escaping @Sendable (StoryID, Int) -> Void) async {
        await base.follow(listening: { [self] in
            self.listened.withLock { $0 = true }
            listening()
        }, painted: { [self] story, page in
            self.toldPages.withLock { $0.append(page) }
            painted(story, page)
        })
    }

    func waitUntilListening() async throws {
        _ = try await waitFor(timeout: .seconds(20)) { listened.withLock { $0 } ? true : nil }
    }
}
