import StoryDomain

/// The subject, trait, action, weather and occasion of a ``ThemeReading``, in the tale's terms:
/// the reader's own fields (`subject`, `traits`, `action`, `weather`, `occasion`) when it filled
/// them, else what today's wants and objects say.
struct TaleReadingAdapter {
    let reading: ThemeReading

    /// Whether the reader filled the fields of who and what (else the wants are read).
    private var readsDoings: Bool {
        reading.subject != nil || !reading.traits.isEmpty || reading.action != nil || reading.occasion != nil
    }

    /// The figure the theme is about; nil: the hero.
    var subject: ThemeReading.Figure? {
        readsDoings ? reading.subject : reading.figures.first
    }

    /// The subject's trait.
    var trait: TaleTheme.Trait? {
        if let trait = reading.mainTrait, let told = Self.trait(trait, action: reading.action) { return told }
        let wants = reading.wants
        if wants.contains(.afraidOfDark) { return .fear("the dark") }
        if wants.contains(.sleepless) { return .sleepless }
        if wants.contains(.flying) {
            return .wish(TaleAction(kind: .learning, base: "fly", ing: "flying", past: "flew", third: "flies",
                                    props: ["feather"], sceneAction: .flying))
        }
        if wants.contains(.firstTime) { return .firstTime }
        for quality in ["shy", "lonely", "grumpy"] where reading.moods.contains(quality) {
            return .quality(quality)
        }
        return nil
    }

    /// A reader's trait as the tale tells it, or nil for one it cannot tell well (a wish for a thing).
    static func trait(_ trait: ThemeTrait, action: ThemeAction?) -> TaleTheme.Trait? {
        switch (trait.kind, trait.core) {
        case let (.fear, .state(words)):
            let parts = words.split(separator: " ").map(String.init)
            guard let of = parts.firstIndex(of: "of"), of + 1 < parts.count else { return nil }
            return .fear(parts[(of + 1)...].joined(separator: " "))
        case (.wish, _):
            if let action, action.attempt == .wanting, !["contest", "making"].contains(TaleAction(action).kind.rawValue) {
                return .wish(TaleAction(action))
            }
            return nil
        case (.problem, .cannot("sleep")):
            return .sleepless
        case let (.quality, .state(words)):
            return .quality(words)
        default:
            return nil
        }
    }

    /// The action: the reader's, else one from the wants and the first object.
    var action: TaleAction? {
        if let action = reading.action {
            var told = TaleAction(action)
            if told.props.isEmpty { told.props = reading.objects.compactMap(TaleWords.prop) }
            return told
        }
        let wants = reading.wants
        let object = reading.objects.first
        var action: TaleAction?
        if wants.contains(.lost) {
            action = .general(.finding, object: reading.lostObject ?? reading.lostCreature?.word ?? object)
        } else if wants.contains(.growing) {
            action = .general(.growing, object: object ?? "seeds")
        } else if wants.contains(.sharing) {
            action = .general(.sharing, object: object)
        } else if wants.contains(.helping) || wants.contains(.sorry) || wants.contains(.friendship) {
            action = .general(.helping)
        } else if wants.contains(.trying) || wants.contains(.music) {
            action = object.map { .general(.learning, object: $0) }
        } else if wants.contains(.journey) {
            action = .general(.going)
        }
        if var found = action {
            found.props = reading.objects.compactMap(TaleWords.prop)
            return found
        }
        return nil
    }

    var weather: SceneWeather? {
        if let weather = reading.weather { return weather }
        if reading.objects.contains("umbrella") { return .rain }
        if reading.objects.contains("snowflake") || reading.objects.contains("snowman") { return .snow }
        if reading.objects.contains("rainbow") { return .rainbow }
        return nil
    }

    /// "picnic", "birthday", "party" (or the reader's word), and the props that show it.
    var occasion: (word: String, props: [String])? {
        if let occasion = reading.occasion { return (occasion.word, occasion.props.filter(TaleWords.props.contains)) }
        if reading.wants.contains(.birthday) { return ("birthday", ["cake", "candles", "balloon"]) }
        if reading.wants.contains(.party) { return ("party", ["balloon", "bunting", "present"]) }
        return nil
    }
}
