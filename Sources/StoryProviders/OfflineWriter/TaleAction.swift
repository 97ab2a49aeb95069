import StoryDomain

/// What the theme's subject does, as the built-in writer tells it: the verb in every form a
/// sentence needs, its kind (which picks the plot's shape), its object, the props a picture shows
/// and where it happens. Built from ``ThemeReading`` (every word is the lexicon's or the writer's).
struct TaleAction: Sendable, Equatable {
    /// The general shapes an action takes; an unknown verb still drives the plot through one of them.
    enum Kind: String, Sendable, CaseIterable {
        case making, fixing, growing, going, visiting, contest, finding, helping, sharing, learning
    }

    var kind: Kind
    /// "bake" / "baking" / "baked" / "bakes".
    var base: String
    var ing: String
    var past: String
    var third: String
    /// The thing acted on ("bread"), singular or a mass noun; nil for "race", "fly".
    var object: String?
    /// How the object follows the verb ("bread", "a boat", "the race"); "the bread" when not given.
    var objectPhrase: String?
    /// Prop words of the PROP VOCABULARY for the pictures, the theme's objects first.
    var props: [String] = []
    /// Where it happens, when the action has its own place (a kitchen is `.home` indoors).
    var setting: StorySetting?
    var indoors = false
    /// What the pictures show the characters doing while they do it.
    var sceneAction: SceneAction

    /// The general action of a kind, for themes whose verb is unknown.
    static func general(_ kind: Kind, object: String? = nil) -> TaleAction {
        switch kind {
        case .making: TaleAction(kind: kind, base: "make", ing: "making", past: "made", third: "makes", object: object, sceneAction: .making)
        case .fixing: TaleAction(kind: kind, base: "mend", ing: "mending", past: "mended", third: "mends", object: object, sceneAction: .making)
        case .growing: TaleAction(kind: kind, base: "grow", ing: "growing", past: "grew", third: "grows", object: object, sceneAction: .making)
        case .going: TaleAction(kind: kind, base: "go", ing: "going", past: "went", third: "goes", object: nil, sceneAction: .walking)
        case .visiting: TaleAction(kind: kind, base: "visit", ing: "visiting", past: "visited", third: "visits", object: object, sceneAction: .walking)
        case .contest: TaleAction(kind: kind, base: "race", ing: "racing", past: "raced", third: "races", object: nil, sceneAction: .racing)
        case .finding: TaleAction(kind: kind, base: "find", ing: "finding", past: "found", third: "finds", object: object, sceneAction: .discovering)
        case .helping: TaleAction(kind: kind, base: "help", ing: "helping", past: "helped", third: "helps", object: nil, sceneAction: .helping)
        case .sharing: TaleAction(kind: kind, base: "share", ing: "sharing", past: "shared", third: "shares", object: object, sceneAction: .playing)
        case .learning: TaleAction(kind: kind, base: "learn", ing: "learning", past: "learned", third: "learns", object: object, sceneAction: .playing)
        }
    }

    /// The object as it follows the verb.
    private var told: String? { objectPhrase ?? object.map(TaleWords.definite) }
    /// "bake the bread" / "race": the verb with its object.
    var phrase: String { told.map { "\(base) \($0)" } ?? base }
    var ingPhrase: String { told.map { "\(ing) \($0)" } ?? ing }
    var pastPhrase: String { told.map { "\(past) \($0)" } ?? past }
}

extension TaleAction {
    /// The tale's action for the reader's (``ThemeAction``): its verb forms, object, props and place.
    init(_ action: ThemeAction) {
        let kind: Kind = switch action.kind {
        case .making, .celebrating: .making
        case .fixing: .fixing
        case .going: .going
        case .contest: .contest
        case .finding: .finding
        case .helping, .caring, .resting: .helping
        case .learning, .trying, .performing, .playing: .learning
        case .sharing: .sharing
        case .visiting: .visiting
        case .growing: .growing
        }
        self.init(kind: kind, base: action.verb(.base), ing: action.verb(.ing), past: action.verb(.past),
                  third: action.verb(.third), object: action.object, objectPhrase: action.objectPhrase,
                  props: action.props.filter(TaleWords.props.contains), setting: action.setting, indoors: action.indoors,
                  sceneAction: action.sceneAction)
    }
}
