/// The light of a page: bedtime stories move from afternoon towards night.
public enum TimeOfDay: String, Sendable, Codable, CaseIterable {
    case morning, afternoon, goldenHour, sunset, dusk, night
}

/// What the characters are doing on a page, for the illustrator.
public enum SceneAction: String, Sendable, Codable, CaseIterable {
    case standing, walking, discovering, helping, playing, hugging, resting, sleeping
}

/// How a page should be pictured: time, action and an optional object in focus.
public struct PageScene: Hashable, Sendable, Codable {
    public var timeOfDay: TimeOfDay
    public var action: SceneAction
    /// A thing the page is about ("a lantern", "a lost mitten"), drawn when the illustrator can.
    public var focus: String?

    public init(timeOfDay: TimeOfDay, action: SceneAction, focus: String? = nil) {
        self.timeOfDay = timeOfDay
        self.action = action
        self.focus = focus
    }
}

/// One page as written: the text read aloud, the scene, and the prompt for an image model.
public struct WrittenPage: Hashable, Sendable, Codable {
    public var text: String
    public var scene: PageScene
    /// What to draw, in words (used by model illustrators; includes no user instructions).
    public var imagePrompt: String

    public init(text: String, scene: PageScene, imagePrompt: String) {
        self.text = text
        self.scene = scene
        self.imagePrompt = imagePrompt
    }
}

/// A finished text: title, character sheet and pages, ready to illustrate.
public struct WrittenStory: Hashable, Sendable, Codable {
    public var title: String
    public var sheet: CharacterSheet
    public var pages: [WrittenPage]
    /// What writing it used at a model provider (nil for the built-in writer).
    public var usage: ProviderUsage?

    public init(title: String, sheet: CharacterSheet, pages: [WrittenPage], usage: ProviderUsage? = nil) {
        self.title = title
        self.sheet = sheet
        self.pages = pages
        self.usage = usage
    }
}
