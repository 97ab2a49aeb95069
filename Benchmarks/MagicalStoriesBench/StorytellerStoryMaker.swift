import Foundation
import StoryDomain
import StoryProviders

/// Makes one story of the theme set as `/story new theme:… name:… age:…` does with no keys: the
/// request through ``StoryRequestValidator`` with the default limits (5 pages), the built-in writer,
/// the ``GeneratedStoryChecker``, then the built-in illustrator page by page, each page shown the
/// previous picture and the story's seed, as ``StoryPipeline`` paints.
struct StorytellerStoryMaker {
    let writer = OfflineStoryWriter()
    let illustrator = OfflineIllustrator()

    /// The validated request, as the service stores it (`pages`: a premium family's longer story, up to 12).
    func request(theme: String, hero: String, age: Int, seed: UInt64, pages: Int? = nil) throws -> StoryRequest {
        var limits = StoryLimits()
        if let pages { limits.maxPages = max(limits.maxPages, pages) }
        return try StoryRequestValidator(limits: limits)
            .validate(StoryRequestDraft(theme: theme, heroName: hero, age: String(age), pages: pages.map(String.init)), seed: seed)
    }

    /// Writes and checks the story.
    func write(_ request: StoryRequest) async throws -> WrittenStory {
        try GeneratedStoryChecker().check(try await writer.write(request), for: request)
    }

    /// What page `index` (0-based) is painted from.
    func illustrationRequest(_ story: WrittenStory, page index: Int, previous: Illustration?, seed: UInt64) -> IllustrationRequest {
        IllustrationRequest(title: story.title, sheet: story.sheet, page: story.pages[index], pageNumber: index + 1,
                            pageCount: story.pages.count, previous: previous, seed: seed)
    }

    /// Paints every page of the story.
    func paint(_ story: WrittenStory, seed: UInt64) async throws -> [Illustration] {
        var pictures: [Illustration] = []
        for index in story.pages.indices {
            pictures.append(try await illustrator.illustrate(illustrationRequest(story, page: index, previous: pictures.last, seed: seed)))
        }
        return pictures
    }
}
