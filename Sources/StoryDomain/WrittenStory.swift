/// The light of a page: bedtime stories move from afternoon towards night.
public enum TimeOfDay: String, Sendable, Codable, CaseIterable {
    case morning, afternoon, goldenHour, sunset, dusk, night
}

/// What the characters are doing on a page, for the illustrator.
public enum SceneAction: String, Sendable, Codable, CaseIterable {
    case standing, walking, discovering, helping, playing, hugging, resting, sleeping
    /// Hands at work: baking, building, fixing, painting, planting.
    case making
    /// Running a race, hurrying.
    case racing
    /// Aboard something that moves: a boat, a sled, a rocket.
    case riding
    /// Up in the air.
    case flying
    /// A party, a prize, a dance.
    case celebrating
}

/// The weather of a page, when the text names one (drawn by the illustrator, told by the writer).
public enum SceneWeather: String, Sendable, Codable, CaseIterable {
    case rain, snow, wind, fog, rainbow
}

/// How a page should be pictured: time, action and an optional object in focus.
public struct PageScene: Hashable, Sendable, Codable {
    public var timeOfDay: TimeOfDay
    public var action: SceneAction
    /// A thing the page is about ("a lantern", "a lost mitten"), drawn when the illustrator can.
    public var focus: String?
    /// Things of the page's moment to draw, in the built-in lexicon's words ("bell", "rocket").
    public var props: [String]
    /// Other figures in the moment besides hero and companion (a whale met, Grandma), drawn as their kind.
    public var others: [CreatureKind]
    /// Where the page happens when that is not the sheet's setting (the wind-down at home).
    public var place: StorySetting?
    /// The companion is not in the moment (it is the one lost), so it is not drawn.
    public var companionAway: Bool
    /// The weather the page's text tells, if any.
    public var weather: SceneWeather?
    /// The moment happens inside (a kitchen, a workshop, a classroom, a bedroom), not under the sky.
    public var indoors: Bool

    public init(timeOfDay: TimeOfDay, action: SceneAction, focus: String? = nil, props: [String] = [],
                others: [CreatureKind] = [], place: StorySetting? = nil, companionAway: Bool = false,
                weather: SceneWeather? = nil, indoors: Bool = false) {
        self.timeOfDay = timeOfDay
        self.action = action
        self.focus = focus
        self.props = props
        self.others = others
        self.place = place
        self.companionAway = companionAway
        self.weather = weather
        self.indoors = indoors
    }

    private enum CodingKeys: String, CodingKey { case timeOfDay, action, focus, props, others, place, companionAway, weather, indoors }

    /// Decodes scenes saved before `props`, `others` and `place` existed as well.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeOfDay = try container.decode(TimeOfDay.self, forKey: .timeOfDay)
        action = try container.decode(SceneAction.self, forKey: .action)
        focus = try container.decodeIfPresent(String.self, forKey: .focus)
        props = try container.decodeIfPresent([String].self, forKey: .props) ?? []
        others = try container.decodeIfPresent([CreatureKind].self, forKey: .others) ?? []
        place = try container.decodeIfPresent(StorySetting.self, forKey: .place)
        companionAway = try container.decodeIfPresent(Bool.self, forKey: .companionAway) ?? false
        weather = try container.decodeIfPresent(SceneWeather.self, forKey: .weather)
        indoors = try container.decodeIfPresent(Bool.self, forKey: .indoors) ?? false
    }

    /// Encodes `companionAway`, `weather` and `indoors` only when set, so scenes saved without it read the same.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeOfDay, forKey: .timeOfDay)
        try container.encode(action, forKey: .action)
        try container.encodeIfPresent(focus, forKey: .focus)
        try container.encode(props, forKey: .props)
        try container.encode(others, forKey: .others)
        try container.encodeIfPresent(place, forKey: .place)
        if companionAway { try container.encode(true, forKey: .companionAway) }
        try container.encodeIfPresent(weather, forKey: .weather)
        if indoors { try container.encode(true, forKey: .indoors) }
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
