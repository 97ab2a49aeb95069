/// What a family asked for, before validation: every field as it arrived.
public struct StoryRequestDraft: Sendable, Equatable, Codable {
    public var theme: String?
    public var heroName: String?
    public var age: String?
    public var companion: String?
    public var pages: String?
    public var language: String?
    /// Names of the family's cast to be the story's heroes (`cast:Leo,Max`), as typed.
    public var cast: String?
    /// The hero's pronouns as typed (`pronouns:she`, or `name` for none); nil on drafts kept before.
    public var pronouns: String?

    public init(theme: String? = nil, heroName: String? = nil, age: String? = nil,
                companion: String? = nil, pages: String? = nil, language: String? = nil, cast: String? = nil,
                pronouns: String? = nil) {
        self.cast = cast
        self.pronouns = pronouns
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
    /// The family's avoid-list when the story was asked for: kept out of prompts and checked on the text.
    public var avoid: [String]
    /// Pictures, none, or emoji text art (the family's setting when the story was asked for).
    public var illustrations: IllustrationMode
    /// A hero and companion to keep (the stories of a Growth Collection share them), and the
    /// family's cast members who are the story's heroes (``CharacterSheet/friends``), as they were
    /// when the story was asked for: a later edit or removal does not change the story.
    public var heroSheet: CharacterSheet?
    /// Set when the story is a later chapter of another (`/story continue`): the whole of
    /// `heroSheet` is kept (cast and world), and the writer opens with "Last time…".
    public var chapter: ChapterLink?
    /// Set by the pipeline on its one repair attempt, after the ``BedtimeScreen`` refused the
    /// first text: model writers may tell the model to write a gentler story (never quoting the
    /// refused text). Not something a family asks for; false on every first attempt.
    public var safetyRepair = false
    /// ``StoryAudience/children`` when a child asked for the story, the chat is children's or it
    /// continues a children's story; nil: the family's (also every request stored before audiences
    /// existed). The composition root chooses the providers by it.
    public var audience: StoryAudience?
    /// The hero's pronouns, as the family set them (`/story new … pronouns:she`, or the cast
    /// member's); nil: the story repeats the hero's name (also every request stored before).
    public var heroPronouns: Pronouns?
    /// 🌙 Gentler (a grown-up's answer to a story held for approval): told calmer, with no peril
    /// and softer words, the same cast. The built-in writer keeps to its calm plot shapes; model
    /// writers are told so. Nil: as usual (also every request stored before).
    public var gentle: Bool?

    public init(theme: String, heroName: String, age: Int, companion: String? = nil,
                pageCount: Int, language: StoryLanguage = .english, seed: UInt64, avoid: [String] = [],
                illustrations: IllustrationMode = .pictures, heroSheet: CharacterSheet? = nil,
                chapter: ChapterLink? = nil) {
        self.theme = theme
        self.heroName = heroName
        self.age = age
        self.companion = companion
        self.pageCount = pageCount
        self.language = language
        self.seed = seed
        self.avoid = avoid
        self.illustrations = illustrations
        self.heroSheet = heroSheet
        self.chapter = chapter
    }

    public var ageBand: AgeBand { AgeBand(age: age) }

    /// Whether the story is for children (``audience``).
    public var isForChildren: Bool { audience == .children }
}

extension StoryRequest {
    /// Adds entries to ``avoid`` (each once): a cast member's sensitivities, or what an earlier
    /// story of the same cast kept out.
    public mutating func alsoAvoiding(_ entries: [String]) {
        for entry in entries where !entry.isEmpty && !avoid.contains(entry) { avoid.append(entry) }
    }
}
