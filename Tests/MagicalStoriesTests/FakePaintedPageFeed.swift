import StoryDomain
import StoryTestSupport
import Synchronization

/// An in-memory ``PaintedPageFeed``: the test says when a page was painted elsewhere and when
/// the feed is (again) in place.
final class FakePaintedPageFeed: PaintedPageFeed {
    private struct Follower: Sendable {
        var listening: @Sendable () -> Void
        var painted: @Sendable (StoryID, Int) -> Void
    }

    private let follower = Mutex<Follower?>(nil)

    func follow(listening: @escaping @Sendable () -> Void, painted: @escaping @Sendable (StoryID, Int) -> Void) async {
        follower.withLock { $0 = Follower(listening: listening, painted: painted) }
        listening()
        await untilCancelled()
        follower.withLock { $0 = nil }
    }

    func waitUntilFollowed() async throws {
        _ = try await waitFor { follower.withLock { $0 } != nil ? true : nil }
    }

    /// Another process saved the picture of `page` of `story`.
    func paint(_ story: StoryID, page: Int) { follower.withLock { $0 }?.painted(story, page) }

    /// The feed was lost and is in place again (what was painted meanwhile was not told).
    func reconnect() { follower.withLock { $0 }?.listening() }
}
