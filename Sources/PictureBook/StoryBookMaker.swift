import Dispatch
import Foundation
import StoryDomain

/// Makes the picture book of a family's stored story: reads its pages and pictures from the
/// story repository and draws them with ``PictureBookRenderer``. Books are drawn one at a time, off
/// Swift's cooperative threads (drawing is CPU work), so chat answers are never stuck behind one.
public struct StoryBookMaker: Sendable {
    let stories: any StoryRepository
    public let renderer: PictureBookRenderer
    let oneAtATime = ConcurrencyLimiter(limit: 1)

    public init(stories: any StoryRepository, renderer: PictureBookRenderer = PictureBookRenderer()) {
        self.stories = stories
        self.renderer = renderer
    }

    /// The book of story `id` if it is the family's and finished; nil when it is not the
    /// family's, or is still being made.
    public func book(_ id: StoryID, family: FamilyRef) async throws -> RenderedPictureBook? {
        guard let story = try await stories.story(id), story.family == family else { return nil }
        return try await book(of: story)
    }

    /// The book of a finished story (nil while it is being made), whichever family's it is: for
    /// the command line, where the operator names the story.
    public func book(of story: Story) async throws -> RenderedPictureBook? {
        guard story.status == .ready else { return nil }
        let renderer = self.renderer
        // The pictures are read inside the permit too: books waiting their turn hold no pictures.
        return try await oneAtATime.withPermit {
            guard let content = try await content(of: story) else { return nil }
            return try await Self.offCooperativePool { try renderer.render(content) }
        }
    }

    /// The EPUB 3 edition of story `id` with its title, if it is the family's and finished, and
    /// no larger than the renderer's ``PictureBookRenderer/maxBytes`` (the chat platforms' upload
    /// limit); nil otherwise. Written one book at a time, off Swift's cooperative threads.
    public func epub(_ id: StoryID, family: FamilyRef) async throws -> (title: String, data: Data)? {
        guard let story = try await stories.story(id), story.family == family, story.status == .ready else { return nil }
        let limit = renderer.maxBytes
        return try await oneAtATime.withPermit {
            guard let content = try await content(of: story) else { return nil }
            let data = try await Self.offCooperativePool {
                try EPUBWriter().write(content, identifier: story.id.rawValue, modified: story.createdAt)
            }
            return data.count <= limit ? (story.displayTitle, data) : nil
        }
    }

    /// The EPUB 3 edition of a finished story (nil while it is being made).
    public func epub(of story: Story) async throws -> Data? {
        guard story.status == .ready, let content = try await content(of: story) else { return nil }
        return try EPUBWriter().write(content, identifier: story.id.rawValue, modified: story.createdAt)
    }

    /// The story's cover details, pages and pictures; nil when it has no pages yet. Pictures
    /// are left out where the family chose no pictures.
    public func content(of story: Story) async throws -> PictureBookContent? {
        let stored = try await stories.pages(of: story.id).sorted { $0.number < $1.number }
        guard !stored.isEmpty else { return nil }
        var pages: [PictureBookContent.Page] = []
        for page in stored {
            let imageID = story.request.illustrations == .off ? nil : page.imageID
            let picture = try await imageID.asyncFlatMap { try await stories.image($0)?.data }
            pages.append(.init(text: page.text, picture: picture, pictureAlt: picture == nil ? nil : PageMoment.altText(of: page, in: story)))
        }
        return PictureBookContent(title: story.displayTitle, heroName: story.sheet?.hero.name ?? story.request.heroName,
                                  date: story.createdAt, pages: pages, language: story.request.language.rawValue)
    }

    static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(with: Result { try work() }) }
        }
    }
}

extension Optional {
    fileprivate func asyncFlatMap<U>(_ transform: (Wrapped) async throws -> U?) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
