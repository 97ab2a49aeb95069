import StoryDomain

/// The values of a tale's sentence slots. Every value is the writer's, the world's or the
/// lexicon's, except the characters' names. A slot without a value makes its template skip.
///
/// Figures: `{D}` the subject (doer), `{P}` the partner, `{H}` the hero, `{C}` the companion (each
/// with `Pos`, `Obj`, and `Word`/`Phrase` when it has a kind word: ``TaleFigure/slots(_:)``);
/// `{Daway}` the subject when it is neither the hero nor the companion; `{both}` the subject and partner (plural); `{needy}` someone who needs help; `{rival}` the other
/// one in a contest; `{other}` another figure of the theme.
/// Action: `{verb}` `{verbing}` `{verbed}`, `{act}` `{acting}` `{acted}` (with the object), `{learn}`,
/// `{new}`, `{contest}` `{contestWord}`, `{deed}` (the theme's own verb and object). Object: `{obj}` `{theObj}` `{aObj}` `{objWas}` `{objIt}`.
/// Trait: `{fear}` `{dark}` `{awake}` `{wish}` `{wishing}` `{wished}` `{quality}`. Place: `{place}`
/// `{inPlace}` `{toPlace}` `{home}` `{goal}` `{where}` `{firstPlace}` `{spot1…3}`. The day: `{dream}`.
enum TaleSlots {
    static func values(theme: TaleTheme, shape: PlotShape, world: StoryWorld, companion: TaleFigure?,
                       rng: inout SeededGenerator) -> [String: String] {
        var values: [String: String] = [:]
        values.merge(theme.subject.slots("D")) { $1 }
        values.merge(theme.partner.slots("P")) { $1 }
        values.merge(theme.hero.slots("H")) { $1 }
        if let companion { values.merge(companion.slots("C")) { $1 } }
        values["DIntro"] = values["DPhrase"] ?? theme.subject.name
        // The subject when it is not at home with the hero at bedtime ("the hedgehog"): wished goodnight there.
        if !theme.subjectIsHero, theme.subject.name != theme.hero.name, theme.subject.name != companion?.name {
            values["Daway"] = theme.subject.name
        }
        values["both"] = "\(theme.subject.name) and \(theme.partner.name)"
        // A thing of the theme that a shape without objects still brings in.
        if ![.making, .puzzle, .helping].contains(shape), let thing = theme.things.first, thing != theme.action?.object {
            values["aThing"] = TaleWords.indefinite(thing)
        }
        values["we"] = values["both"]
        values["place"] = world.place
        values["inPlace"] = world.inPlace
        values["toPlace"] = world.toPlace
        values["home"] = world.home
        values["goal"] = world.goal.short
        values["where"] = where_(theme: theme, world: world)
        // The theme's own place ("by the river", "in the library") is where the story happens.
        if let place = theme.place {
            values["place"] = place.name
            values["inPlace"] = place.at
            values["toPlace"] = place.to
            values["where"] = place.at
            values["goal"] = "play \(place.at)"
        }
        var spots = world.spots
        spots.shuffle(using: &rng)
        for index in 0..<3 { values["spot\(index + 1)"] = spots[index % spots.count] }

        // Someone else of the place or theme: the one who needs help, the one in the race.
        let critters = world.critters.filter { "the \($0.word)" != theme.partner.name }
        let critter = critters.isEmpty ? world.critters[0] : critters[Int(rng.next(upperBound: UInt32(critters.count)))]
        let someone = theme.other?.name ?? "the \(critter.word)"
        values["needy"] = someone
        values["rival"] = someone
        if let other = theme.other {
            values["other"] = other.name
            // "Sparky the dragon" when it is first met; "the knight" says itself.
            values["otherIntro"] = other.word.map { other.name.hasPrefix("the ") ? other.name : "\(other.name) the \($0)" } ?? other.name
        }

        if var action = theme.action {
            // "Wants to win the race": the race is run, not "won" page after page.
            if shape == .contest, ["win", "enter", "join", "have", "do"].contains(action.base) {
                action = TaleAction(kind: .contest, base: "race", ing: "racing", past: "raced", third: "races", object: action.object,
                                    sceneAction: .racing)
            }
            // An unknown doing read as "try": "try something new", never "tried to try".
            if action.base == "try", action.object == nil {
                action = TaleAction(kind: action.kind, base: "try", ing: "trying", past: "tried", third: "tries",
                                    object: nil, objectPhrase: "something new", sceneAction: action.sceneAction)
            }
            // "Solve" needs something solved: with no object read, the mystery ("helped Pip solve" is not English).
            if action.base == "solve", action.object == nil, action.objectPhrase == nil { action.objectPhrase = "the mystery" }
            // "Race the race" is said "race".
            if ["race", "run"].contains(action.base), action.object == "race" { action.objectPhrase = nil; action.object = nil }
            values["deed"] = deed(action, other: theme.other)
            values["verb"] = action.base
            values["verbing"] = action.ing
            values["verbed"] = action.past
            values["act"] = action.phrase
            values["acting"] = action.ingPhrase
            values["acted"] = action.pastPhrase
            values["learn"] = action.phrase
            values["new"] = action.ingPhrase
            let race = ["race", "run"].contains(action.base) || action.object == "race"
            values["contest"] = race ? "the \(raceWord(theme: theme, world: world)) race" : "the \(action.ing) contest"
            values["contestWord"] = race ? "race" : "contest"
        } else {
            values["firstPlace"] = world.inPlace
            values["new"] = "a brand-new day \(world.inPlace)"
            values["contest"] = "the \(raceWord(theme: theme, world: world)) race"
            values["contestWord"] = "race"
            if shape == .contest {
                values["verb"] = "race"
                values["verbing"] = "racing"
                values["verbed"] = "raced"
            }
        }
        // "Make" says nothing of the theme: its sentences tell the thing made instead.
        if theme.action?.base == "make", theme.action?.object != nil {
            for key in ["verb", "verbing", "verbed"] { values[key] = nil }
        }
        if let lost = theme.lostFigure {
            values["obj"] = lost.word ?? lost.name
            values["theObj"] = lost.name
            values["aObj"] = lost.name
            values["objWas"] = "was"
            values["objIt"] = lost.object
        } else if let found = theme.action?.object ?? theme.things.first {
            // "picks the berries": the berries, as the theme said them, not "the berry".
            let object = said(found, phrase: theme.action?.object == found ? theme.action?.objectPhrase : nil)
            values["obj"] = object
            // A person said like a name ("Grandma") takes no article.
            let proper = object.first?.isUppercase == true
            values["theObj"] = proper ? object : TaleWords.definite(object)
            values["aObj"] = proper ? object : TaleWords.indefinite(object)
            values["objWas"] = TaleWords.be(object)
            values["objIt"] = TaleWords.pronoun(object)
        }
        switch theme.trait {
        case let .fear(thing)?:
            values["fear"] = thing
            values["fearWas"] = TaleWords.be(thing)
            values["fearIs"] = TaleWords.isPlural(thing) ? "are" : "is"
            if thing == "the dark" { values["dark"] = thing }
        case .sleepless?:
            values["awake"] = "wide awake"
        case let .wish(wish)?:
            values["wish"] = wish.phrase
            values["wishing"] = wish.ingPhrase
            values["wished"] = wish.pastPhrase
        case let .quality(word)?:
            values["quality"] = word
        case .firstTime?, nil:
            break
        }
        if let occasion = theme.occasion {
            values["theOccasion"] = occasion.first?.isUppercase == true ? occasion : "the \(occasion)"
        }
        values["dream"] = dream(shape: shape, values: values)
        return values
    }

    /// The object as the theme's phrase says it: its plural when the phrase ends in one ("the berries").
    static func said(_ object: String, phrase: String?) -> String {
        guard let last = phrase?.split(separator: " ").last.map(String.init), last != object,
              ThemeLexicon.pluralForms(of: object).contains(last) else { return object }
        return last
    }

    /// The theme's own deed with its object ("share the umbrella", "visit Grandma"), for the shapes whose
    /// frames are about helping or going; nil for a general verb or one without an object.
    static func deed(_ action: TaleAction, other: TaleFigure?) -> String? {
        guard !["help", "make", "try", "go", "find", "race", "learn"].contains(action.base) else { return nil }
        if action.kind == .visiting, action.object == nil { return other.map { "\(action.base) \($0.name)" } }
        return action.object == nil ? nil : action.phrase
    }

    /// A race of the theme's own: "the kite race", "the turtle race", "the meadow race".
    static func raceWord(theme: TaleTheme, world: StoryWorld) -> String {
        if let thing = theme.things.first(where: { $0 != "race" }) { return thing }
        if let word = theme.subject.word { return word }
        return world.place.hasPrefix("the ") ? String(world.place.dropFirst(4)) : world.place
    }

    /// What the hero takes to bed from the day ("the bread", "the trip down to the sea", "flying").
    static func dream(shape: PlotShape, values: [String: String]) -> String {
        let found: String? = switch shape {
        case .puzzle where values["theObj"] == values["C"]: "the big search"
        case .making, .puzzle: values["theObj"]
        case .journey: values["toPlace"].map { "the trip \($0)" }
        case .firstTime: values["new"]
        case .fearMet: values["dark"] != nil ? "the friendly dark" : values["awake"] != nil ? "soft, sleepy clouds" : "being brave"
        case .wishGranted: values["wishing"]
        case .helping: values["needy"]
        case .contest: values["contest"]
        }
        return found ?? values["place"] ?? "the day"
    }

    /// Where the action happens: a room for an indoor action ("in the kitchen"), else the place.
    static func where_(theme: TaleTheme, world: StoryWorld) -> String {
        guard let action = theme.action, action.indoors else { return world.inPlace }
        let props = Set(action.props)
        if !props.isDisjoint(with: ["oven", "bread", "cake", "bowl", "spoon", "cookies", "pie", "teapot", "apron"]) { return "in the kitchen" }
        if !props.isDisjoint(with: ["hammer", "toolbox", "nails", "wheel", "paint pot", "ladder"]) { return "in the workshop" }
        if !props.isDisjoint(with: ["desk", "blackboard", "pencil", "globe"]) { return "in the classroom" }
        return action.setting == .school ? "in the classroom" : "at home"
    }
}
