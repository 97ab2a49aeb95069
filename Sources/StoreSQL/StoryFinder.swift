import Foundation
import StoryDomain

/// Finds a story in any family, for command-line tools that act for the admin (`story listen`):
/// by id, by exact title, or the newest whose title contains the words.
public struct StoryFinder: Sendable {
    private let executor: any SQLExecutor

    public init(database: some SQLDatabase) { executor = database.executor }

    public func find(_ query: String) async throws -> Story? {
        let wanted = query.trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        if let id = StoryID(rawValue: wanted), let story = try await SQLStoryRepository.story(id, in: executor) { return story }
        let stories = try await SQLStoryRepository.stories(matching: wanted, limit: 50, in: executor)
        return stories.first { $0.displayTitle.caseInsensitiveCompare(wanted) == .orderedSame } ?? stories.first
    }
}
