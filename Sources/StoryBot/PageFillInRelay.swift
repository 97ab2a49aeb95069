import Logging
import StoryDomain

/// Fills in, on this process, pages whose picture another process saved: follows a
/// ``PaintedPageFeed`` (on PostgreSQL, the other processes' `NOTIFY`) into ``PageFillIn``.
/// A notification lost while the feed was not in place must not leave a page "still being
/// painted" for good: each time the feed is (again) in place, and every `recheckInterval`, the
/// pages still waiting are read once more from the store (``PageFillIn/recheck()``). Each
/// painted page is also told to `alsoTell` (the approval desk, which wakes on a page 1).
public struct PageFillInRelay: Sendable {
    private let feed: any PaintedPageFeed
    private let fillIn: PageFillIn
    private let alsoTell: (any PagePictureObserver)?
    private let recheckInterval: Duration
    private let logger: Logger

    public init(feed: any PaintedPageFeed, fillIn: PageFillIn, alsoTell: (any PagePictureObserver)? = nil,
                recheckInterval: Duration = .seconds(30), logger: Logger) {
        self.feed = feed
        self.fillIn = fillIn
        self.alsoTell = alsoTell
        self.recheckInterval = recheckInterval
        self.logger = logger
    }

    /// Runs until the task is cancelled.
    public func run() async {
        enum Event: Sendable { case painted(StoryID, Int), recheck }
        // One at a time, in the order told; a burst past the buffer is caught by the next recheck.
        let (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(1_024))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [feed, logger] in
                await feed.follow(listening: {
                    logger.debug("listening for pictures painted by other processes")
                    sink.yield(.recheck)
                }, painted: { story, page in sink.yield(.painted(story, page)) })
                sink.finish()
            }
            group.addTask { [recheckInterval] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: recheckInterval)
                    if !Task.isCancelled { sink.yield(.recheck) }
                }
            }
            group.addTask { [fillIn, alsoTell, logger] in
                for await event in events {
                    switch event {
                    case let .painted(story, page):
                        await fillIn.story(story, didPaintPage: page)
                        await alsoTell?.story(story, didPaintPage: page)
                    case .recheck:
                        let painted = await fillIn.recheck()
                        if painted > 0 {
                            logger.info("filled in pages whose picture was saved while not listening", metadata: ["pages": "\(painted)"])
                        }
                    }
                }
            }
            // The feed ends only when cancelled: the rest of the group goes with it.
            _ = await group.next()
            group.cancelAll()
        }
    }
}
