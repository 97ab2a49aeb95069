import Logging
import StoryDomain
import Synchronization

/// Fills in pages shown before their picture was painted: remembers every message that shows
/// a page still waiting for its picture, and when that picture is saved, updates each of those
/// messages in place. A message turned to another page meanwhile is forgotten, so it is left
/// alone. Held in memory: bounded, and lost on restart (the pictures are then shown when the
/// page is opened again).
public final class PageFillIn: PagePictureObserver {
    private struct Waiting: Sendable {
        var story: StoryID
        var page: Int
        var family: FamilyRef
        var address: DeliveryAddress
    }

    /// Messages remembered at most; past it the oldest are forgotten.
    public static let capacity = 4_096
    private let transports: [Platform: any ChatTransport]
    private let stories: StoryService
    private let renderer = ReplyRenderer()
    private let logger: Logger
    /// Waiting messages by ``key(of:)``, in the order they were shown.
    private let waiting = Mutex<[(key: String, value: Waiting)]>([])

    public init(transports: [any ChatTransport], stories: StoryService, logger: Logger) {
        self.transports = transportsByPlatform(transports)
        self.stories = stories
        self.logger = logger
    }

    /// The message at `address` now shows `reply`: remembered when it is a page still waiting
    /// for its picture, forgotten otherwise. Call it once the message shows the page.
    ///
    /// The picture may have been saved between the page's read and this call, its fill-in gone
    /// by before the message was remembered: the page is then read once more, and filled in at
    /// once if its picture is there. Whichever of this check and ``story(_:didPaintPage:)``
    /// takes the message from the list fills it in, so it is filled in exactly once.
    public func shown(_ reply: ChatReply, at address: DeliveryAddress?, family: FamilyRef) async {
        guard let address, let key = Self.key(of: address) else { return }
        let remembered = waiting.withLock { list -> Waiting? in
            list.removeAll { $0.key == key }
            guard let page = reply.page, page.awaitsPicture else { return nil }
            let message = Waiting(story: page.storyID, page: page.pageNumber, family: family, address: address)
            list.append((key, message))
            if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
            return message
        }
        guard let remembered,
              let snapshot = try? await stories.page(remembered.story, number: remembered.page, family: family),
              snapshot.page.imageID != nil,
              waiting.withLock({ list in list.firstIndex { $0.key == key }.map { list.remove(at: $0) } }) != nil
        else { return }
        await fill(remembered, with: snapshot)
    }

    /// How many messages wait for a picture (for tests and metrics).
    public var waitingCount: Int { waiting.withLock { $0.count } }

    public func story(_ id: StoryID, didPaintPage number: Int) async {
        let due = waiting.withLock { list in
            let due = list.filter { $0.value.story == id && $0.value.page == number }.map(\.value)
            list.removeAll { $0.value.story == id && $0.value.page == number }
            return due
        }
        for message in due {
            do {
                guard let snapshot = try await stories.page(id, number: number, family: message.family) else { continue }
                await fill(message, with: snapshot)
            } catch {
                logger.warning("could not fill in a page's picture", metadata: ["story": "\(id)", "page": "\(number)", "error": "\(error)"])
            }
        }
    }

    /// Reads every page a message waits for once more from the store, and fills in those whose
    /// picture is there: for pictures saved by another process while this one was not told
    /// (its listener reconnecting). Each page is read once, whatever the number of messages.
    /// - Returns: how many pages were found painted.
    @discardableResult
    public func recheck() async -> Int {
        let pages = waiting.withLock { list in
            var seen = Set<String>()
            return list.map(\.value).filter { seen.insert("\($0.story.rawValue)|\($0.page)").inserted }
        }
        var painted = 0
        for message in pages {
            guard !Task.isCancelled else { break }
            guard let snapshot = try? await stories.page(message.story, number: message.page, family: message.family),
                  snapshot.page.imageID != nil else { continue }
            painted += 1
            await story(message.story, didPaintPage: message.page)
        }
        return painted
    }

    /// Updates a waiting message to the page with its picture.
    private func fill(_ message: Waiting, with snapshot: PageSnapshot) async {
        guard let transport = transports[message.address.platform] else { return }
        do {
            _ = try await transport.deliver(renderer.page(snapshot), to: message.address, isFinal: false)
        } catch {
            logger.warning("could not fill in a page's picture",
                           metadata: ["story": "\(message.story)", "page": "\(message.page)", "error": "\(error)"])
        }
    }

    /// One key per message: the platform, channel and message id (nil when the message is not
    /// known by an id of its own).
    static func key(of address: DeliveryAddress) -> String? {
        guard let message = address.messageID, !message.hasPrefix("@") else { return nil }
        return "\(address.platform)|\(address.channelID)|\(message)"
    }
}
