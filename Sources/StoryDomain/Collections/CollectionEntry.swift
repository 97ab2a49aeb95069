import Foundation

/// One place in a collection: its step and, once made, its story and whether it was read.
public struct CollectionEntry: Sendable, Equatable {
    public var position: Int
    public var theme: String
    public var question: String
    public var storyID: StoryID?
    public var storyTitle: String?
    public var storyStatus: StoryStatus?
    public var readAt: Date?

    public init(position: Int, theme: String, question: String, storyID: StoryID? = nil, storyTitle: String? = nil,
                storyStatus: StoryStatus? = nil, readAt: Date? = nil) {
        self.position = position
        self.theme = theme
        self.question = question
        self.storyID = storyID
        self.storyTitle = storyTitle
        self.storyStatus = storyStatus
        self.readAt = readAt
    }

    public var isRead: Bool { readAt != nil }
}
