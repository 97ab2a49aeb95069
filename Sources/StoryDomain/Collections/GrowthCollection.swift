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
