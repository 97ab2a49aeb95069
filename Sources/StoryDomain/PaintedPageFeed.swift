/// Pages whose picture another process saved: how a process learns of pictures painted
/// elsewhere on a store several processes share, so that pages it shows "still being painted"
/// are filled in there too. Only ids travel (a story and a page number), never text.
public protocol PaintedPageFeed: Sendable {
    /// Calls `painted` with each page whose picture another process saved, until the task is
    /// cancelled. `listening` is told each time the feed is (again) in place: pictures saved
    /// before that may have been missed, so whoever waits on them should read the store again.
    func follow(listening: @escaping @Sendable () -> Void,
                painted: @escaping @Sendable (_ story: StoryID, _ page: Int) -> Void) async
}
