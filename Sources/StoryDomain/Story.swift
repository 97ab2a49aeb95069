import Foundation

/// Where a story is in its life.
public enum StoryStatus: String, Sendable, Codable, CaseIterable {
    /// Accepted; waiting for a worker.
    case queued
    /// The writer is at work.
    case writing
    /// Text saved; pictures being painted.
    case illustrating
    /// Every page has text and a picture.
    case ready
    /// Gave up after retries; the family was told.
    case failed
}

/// A story as stored: who asked, what for, and how far it got.
public struct Story: Sendable, Equatable, Identifiable {
    public var id: StoryID
    public var family: FamilyRef
    public var requester: Requester
    public var request: StoryRequest
    /// Set once the text is written.
    public var title: String?
    public var sheet: CharacterSheet?
    public var status: StoryStatus
    public var createdAt: Date
    public var failureReason: String?
    /// When someone first read it to the last page.
    public var readAt: Date?
    /// Its place in a Growth Collection, if it belongs to one.
    public var collection: CollectionLink?

    public init(id: StoryID, family: FamilyRef, requester: Requester, request: StoryRequest, title: String? = nil,
                sheet: CharacterSheet? = nil, status: StoryStatus = .queued, createdAt: Date, failureReason: String? = nil,
                readAt: Date? = nil, collection: CollectionLink? = nil) {
        self.id = id
        self.family = family
        self.requester = requester
        self.request = request
        self.title = title
        self.sheet = sheet
        self.status = status
        self.createdAt = createdAt
        self.failureReason = failureReason
        self.readAt = readAt
        self.collection = collection
    }

    public var pageCount: Int { request.pageCount }
    /// Whether the text exists and pages can be turned (pictures may still be painting).
    public var isReadable: Bool { status == .ready || status == .illustrating }
    /// The title, or a stand-in while it is being written.
    public var displayTitle: String { title ?? "A story about \(request.theme)" }
}

/// An image's id in storage (content-addressed: the SHA-256 of its bytes, in hex).
public struct ImageID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// One page of a stored story.
public struct StoryPage: Sendable, Equatable {
    public var storyID: StoryID
    /// 1-based.
    public var number: Int
    public var text: String
    public var scene: PageScene
    public var imagePrompt: String
    /// Nil until the picture is painted (or when illustrations are off).
    public var imageID: ImageID?

    public init(storyID: StoryID, number: Int, text: String, scene: PageScene, imagePrompt: String, imageID: ImageID?) {
        self.storyID = storyID
        self.number = number
        self.text = text
        self.scene = scene
        self.imagePrompt = imagePrompt
        self.imageID = imageID
    }
}

/// A stored picture with what is needed to serve it.
public struct StoredImage: Sendable, Equatable {
    public var id: ImageID
    public var contentType: String
    public var data: Data
    public var width: Int
    public var height: Int

    public init(id: ImageID, contentType: String, data: Data, width: Int, height: Int) {
        self.id = id
        self.contentType = contentType
        self.data = data
        self.width = width
        self.height = height
    }
}

/// Everything needed to show one page: the story and the page.
public struct PageSnapshot: Sendable, Equatable {
    public var story: Story
    public var page: StoryPage
    /// The page's picture as chats are sent it (its ``ChatForm``), when it was read with the page
    /// (``StoryRepository/pageSnapshotWithPicture(_:page:)``); otherwise read by
    /// ``StoryPage/imageID``.
    public var picture: StoredImage?

    public init(story: Story, page: StoryPage, picture: StoredImage? = nil) {
        self.story = story
        self.page = page
        self.picture = picture
    }
}

/// One entry of a family's library.
public struct StorySummary: Sendable, Equatable {
    public var id: StoryID
    public var title: String
    public var status: StoryStatus
    public var pageCount: Int
    public var heroName: String
    public var requester: Requester
    public var createdAt: Date
    /// Its chapter number when it continues another story (2, 3…); nil for a first chapter or a story on its own.
    public var chapterNumber: Int?
    /// In the library: when the story begins a chain of chapters still kept, every chapter of
    /// the chain in reading order (this one first); empty otherwise.
    public var chapters: [StorySummary]

    public init(id: StoryID, title: String, status: StoryStatus, pageCount: Int, heroName: String,
                requester: Requester, createdAt: Date, chapterNumber: Int? = nil, chapters: [StorySummary] = []) {
        self.id = id
        self.title = title
        self.status = status
        self.pageCount = pageCount
        self.heroName = heroName
        self.requester = requester
        self.createdAt = createdAt
        self.chapterNumber = chapterNumber
        self.chapters = chapters
    }

    /// The summary of a stored story (no chapters listed).
    public init(_ story: Story) {
        self.init(id: story.id, title: story.displayTitle, status: story.status, pageCount: story.pageCount,
                  heroName: story.request.heroName, requester: story.requester, createdAt: story.createdAt,
                  chapterNumber: story.request.chapter?.number)
    }

    /// Its place in reading order within its chain (a first chapter is 1).
    public var chapterOrder: Int { chapterNumber ?? 1 }
}

/// A page of the library: some entries and the total count. A chain of chapters is one entry
/// (its first kept chapter, with ``StorySummary/chapters``), placed by its newest chapter.
public struct LibraryPage: Sendable, Equatable {
    public var items: [StorySummary]
    public var total: Int
    public var offset: Int

    public init(items: [StorySummary], total: Int, offset: Int) {
        self.items = items
        self.total = total
        self.offset = offset
    }
}
