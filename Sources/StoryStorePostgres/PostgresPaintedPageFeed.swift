import StoryDomain

/// Pictures saved by other processes on one PostgreSQL: `LISTEN` on the channel
/// ``PostgresStoryRepository`` notifies (in the saving statement) with `origin`, a newline, the
/// story id, a newline and the page number. Notifications sent while the listener reconnects
/// are lost; the `listening` callback tells when it is in place again.
public struct PostgresPaintedPageFeed: PaintedPageFeed {
    private let database: PostgresDatabase
    private let origin: String
    private let retry: Duration

    /// - Parameter origin: this process's id (``JobLease/owner``): its own pictures are left out,
    ///   they are announced in process.
    public init(database: PostgresDatabase, origin: String, retry: Duration = .seconds(2)) {
        self.database = database
        self.origin = origin
        self.retry = retry
    }

    public func follow(listening: @escaping @Sendable () -> Void,
                       painted: @escaping @Sendable (StoryID, Int) -> Void) async {
        await database.listen(on: PostgresSchema.picturesChannel, retry: retry, listening: listening) { [origin] payload in
            guard let (story, page) = Self.parse(payload, excludingOrigin: origin) else { return }
            painted(story, page)
        }
    }

    /// The payload a saved picture is announced with.
    static func payload(origin: String, story: StoryID, page: Int) -> String {
        "\(origin)\n\(story.rawValue)\n\(page)"
    }

    /// The story and page of a payload from another origin than `origin`; nil for this
    /// process's own, or a payload not understood.
    static func parse(_ payload: String, excludingOrigin origin: String) -> (StoryID, Int)? {
        let parts = payload.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] != origin, let story = StoryID(rawValue: String(parts[1])),
              let page = Int(parts[2]) else { return nil }
        return (story, page)
    }
}
