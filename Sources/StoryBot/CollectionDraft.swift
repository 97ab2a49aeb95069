import StoryDomain

/// What `/collection new` asked for, before validation.
public struct CollectionDraft: Sendable, Equatable {
    public var goal: String
    public var heroName: String?
    public var age: String?
    public var stories: String?
    public var companion: String?
    public var language: String?
    /// Names of the family's cast to be the heroes (`cast:Leo,Max`), as typed.
    public var cast: String?
    /// The hero's pronouns as typed (`pronouns:she`, or `name` for none), for every story of the collection.
    public var pronouns: String?

    public init(goal: String, heroName: String? = nil, age: String? = nil, stories: String? = nil, companion: String? = nil,
                language: String? = nil, cast: String? = nil, pronouns: String? = nil) {
        self.cast = cast
        self.pronouns = pronouns
        self.goal = goal
        self.heroName = heroName
        self.age = age
        self.stories = stories
        self.companion = companion
        self.language = language
    }
}
