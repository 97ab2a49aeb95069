import Foundation

/// A series of 3–7 stories toward one goal, for one hero, shared by a family.
public struct GrowthCollection: Sendable, Equatable, Identifiable {
    public var id: CollectionID
    public var family: FamilyRef
    public var requester: Requester
    public var goal: GrowthGoal
    public var heroName: String
    public var age: Int
    public var companion: String?
    public var language: StoryLanguage
    public var storyCount: Int
    public var seed: UInt64
    public var createdAt: Date
    /// When the last story was first read to the end.
    public var completedAt: Date?

    public init(id: CollectionID, family: FamilyRef, requester: Requester, goal: GrowthGoal, heroName: String, age: Int,
                companion: String?, language: StoryLanguage, storyCount: Int, seed: UInt64, createdAt: Date,
                completedAt: Date? = nil) {
        self.id = id
        self.family = family
        self.requester = requester
        self.goal = goal
        self.heroName = heroName
        self.age = age
        self.companion = companion
        self.language = language
        self.storyCount = storyCount
        self.seed = seed
        self.createdAt = createdAt
        self.completedAt = completedAt
    }

    public var title: String { "\(goal.emoji) \(goal.displayName) with \(heroName)" }

    /// The story theme and parent question for each position, hero's name filled in.
    public var steps: [GrowthGoal.Step] {
        goal.steps(count: storyCount).map { step in
            GrowthGoal.Step(theme: step.theme.replacingOccurrences(of: "{hero}", with: heroName),
                            question: step.question.replacingOccurrences(of: "{hero}", with: heroName))
        }
    }
}

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

/// A collection with its entries, in order.
public struct CollectionProgress: Sendable, Equatable {
    public var collection: GrowthCollection
    public var entries: [CollectionEntry]

    public init(collection: GrowthCollection, entries: [CollectionEntry]) {
        self.collection = collection
        self.entries = entries
    }

    public var readCount: Int { entries.filter(\.isRead).count }
    public var isComplete: Bool { readCount == collection.storyCount }
    /// The first entry not read yet.
    public var nextUnread: CollectionEntry? { entries.first { !$0.isRead } }
}

/// Where a story sits in its collection (for the page view: its parent question).
public struct CollectionLink: Sendable, Equatable {
    public var collectionID: CollectionID
    public var position: Int
    public var storyCount: Int
    public var question: String

    public init(collectionID: CollectionID, position: Int, storyCount: Int, question: String) {
        self.collectionID = collectionID
        self.position = position
        self.storyCount = storyCount
        self.question = question
    }
}
