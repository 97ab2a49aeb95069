/// What a family asked for, before validation: every field as it arrived.
public struct StoryRequestDraft: Sendable, Equatable, Codable {
    public var theme: String?
    public var heroName: String?
    public var age: String?
    public var companion: String?
    public var pages: String?
    public var language: String?

    public init(theme: String? = nil, heroName: String? = nil, age: String? = nil,
                companion: String? = nil, pages: String? = nil, language: String? = nil) {
        self.theme = theme
        self.heroName = heroName
        self.age = age
        self.companion = companion
        self.pages = pages
        self.language = language
    }
}

/// A validated, cleaned request for one story. Build it with ``StoryRequestValidator``.
public struct StoryRequest: Sendable, Equatable, Codable {
    public var theme: String
    public var heroName: String
    public var age: Int
    public var companion: String?
    public var pageCount: Int
    public var language: StoryLanguage
    /// Makes the built-in writer and illustrator deterministic for a request.
    public var seed: UInt64

    public init(theme: String, heroName: String, age: Int, companion: String? = nil,
                pageCount: Int, language: StoryLanguage = .english, seed: UInt64) {
        self.theme = theme
        self.heroName = heroName
        self.age = age
        self.companion = companion
        self.pageCount = pageCount
        self.language = language
        self.seed = seed
    }

    public var ageBand: AgeBand { AgeBand(age: age) }
}
