import Foundation
import StoryDomain
import StoryProviders

/// `magical-stories-bench --storyteller [stories] [--themes PATH]`: writing, painting, and writing +
/// painting a 5-page story with the built-in writer and illustrator, over `stories` stories (at least
/// 50) of the theme set, each theme at ages 3, 6 and 9 in turn, as `/story new` makes them.
enum StorytellerBenchmark {
    static func run(arguments: [String]) async throws {
        let set = try StorytellerThemeSet.load(arguments: arguments)
        let flag = arguments.firstIndex(of: "--storyteller") ?? 0
        let stories = max(50, arguments.dropFirst(flag + 1).first.flatMap(Int.init) ?? 60)
        let maker = StorytellerStoryMaker()
        func request(_ i: Int) throws -> StoryRequest {
            let theme = set.themes[i % set.themes.count]
            let ages = StorytellerThemeSet.ages
            let (seed, hero) = StorytellerThemeSet.seeds[(i / set.themes.count) % StorytellerThemeSet.seeds.count]
            return try maker.request(theme: theme.text, hero: hero, age: ages[(i + i / set.themes.count) % ages.count], seed: seed)
        }
        let requests = try (0..<stories).map(request)
        #if DEBUG
        print("⚠️  debug build: build with -c release for real figures\n")
        #endif
        print("The built-in storyteller, \(stories) stories of \(set.themes.count) themes (5 pages, ages \(StorytellerThemeSet.ages.map(String.init).joined(separator: "/"))):")
        print(BenchmarkStats.header)
        // Warm up caches, fonts and lazily loaded libraries.
        _ = try await maker.paint(try await maker.write(requests[0]), seed: requests[0].seed)

        let written = try await requests.asyncMap { try await maker.write($0) }
        print(try await MagicalStoriesBench.measure("write a 5-page story", stories) { i in
            _ = try await maker.write(requests[i])
        }.line)
        print(try await MagicalStoriesBench.measure("paint one 768×512 page", stories) { i in
            let story = written[i]
            _ = try await maker.illustrator.illustrate(maker.illustrationRequest(story, page: i % story.pages.count, previous: nil,
                                                                                 seed: requests[i].seed))
        }.line)
        print(try await MagicalStoriesBench.measure("write + paint a 5-page story", stories) { i in
            _ = try await maker.paint(try await maker.write(requests[i]), seed: requests[i].seed)
        }.line)
    }
}

extension Array {
    /// Maps in order, one element at a time.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        results.reserveCapacity(count)
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
