/// Whom a model call is made for and what it makes. The story pipeline sets it around each
/// writer and illustrator call; the providers' HTTP client reads it (through
/// ``ModelCallMeter``) for every request it sends, so each call — retries and repairs
/// included — is counted for the right family without threading the family through every
/// provider's API.
public struct ModelCallScope: Sendable, Equatable {
    /// The family the call is for (nil: the service's own work).
    public var family: FamilyRef?
    public var storyID: StoryID?
    public var kind: ModelCallKind

    public init(family: FamilyRef?, storyID: StoryID? = nil, kind: ModelCallKind) {
        self.family = family
        self.storyID = storyID
        self.kind = kind
    }

    /// The scope of the calls the current task makes (inherited by its child tasks).
    @TaskLocal public static var current: ModelCallScope?
}
