import StoryDomain

/// What a tale is about, in the story's own cast: who the theme's subject is (the companion when
/// the theme's creature became it, else the hero or a figure of the theme), the partner who helps,
/// the subject's trait, the action, the weather and the occasion. Built from ``ThemeReading``:
/// every word is the lexicon's or the writer's, never the family's text.
struct TaleTheme: Sendable {
    /// The subject's trait: what it fears, wishes or is.
    enum Trait: Sendable, Equatable {
        /// Afraid of a thing ("the dark").
        case fear(String)
        /// Sleep will not come.
        case sleepless
        /// Wants to do something ("fly"), told through the wish's action.
        case wish(TaleAction)
        /// A first day or a first time.
        case firstTime
        /// A quality ("shy", "brave").
        case quality(String)
    }

    /// The one the theme is about (it keeps the trait).
    var subject: TaleFigure
    /// Who helps the subject: the hero when the subject is someone else, else the companion, else
    /// a creature of the place.
    var partner: TaleFigure
    /// True when the subject is the story's hero.
    var subjectIsHero: Bool
    var hero: TaleFigure
    var trait: Trait?
    var action: TaleAction?
    var weather: SceneWeather?
    /// "picnic", "birthday", "party".
    var occasion: String?
    /// Another figure the theme names ("the knight"), told and drawn when it can be.
    var other: TaleFigure?
    /// The one lost, when the theme's subject itself is lost ("a lost penguin"): the hero looks for it.
    var lostFigure: TaleFigure?
    /// Things the theme names, in its order (lexicon words), the action's object first.
    var things: [String]
    /// Where the theme happens, when it names a place or its action has a room; nil: the world's place.
    var place: TalePlace?

    // The reader's subject, traits, action, weather and occasion come through ``TaleReadingAdapter``,
    // which falls back on the wants and objects of readings that do not have them.

    init(subject: TaleFigure, partner: TaleFigure, subjectIsHero: Bool, hero: TaleFigure, trait: Trait? = nil,
         action: TaleAction? = nil, weather: SceneWeather? = nil, occasion: String? = nil, other: TaleFigure? = nil,
         things: [String] = []) {
        self.subject = subject
        self.partner = partner
        self.subjectIsHero = subjectIsHero
        self.hero = hero
        self.trait = trait
        self.action = action
        self.weather = weather
        self.occasion = occasion
        self.other = other
        self.things = things
    }

    /// Reads the theme's reading in the story's cast.
    init(reading: ThemeReading, sheet: CharacterSheet, world: StoryWorld, rng: inout SeededGenerator) {
        let heroFigure = Self.figure(of: sheet.hero, word: sheet.hero.kind == .child ? nil : TaleTheme.kindWord(sheet.hero.kind))
        let companion = sheet.companion.map {
            Self.figure(of: $0, word: [.child, .grownUp].contains($0.kind) ? nil : TaleTheme.kindWord($0.kind))
        }
        let reader = TaleReadingAdapter(reading: reading)
        let trait = reader.trait
        let qualityWord: String? = if case let .quality(word)? = trait { word } else { nil }

        // Who the theme is about: its first figure, found in the cast when it is the hero or the companion.
        var subject = heroFigure
        var subjectIsHero = true
        var other: TaleFigure?
        // The subject first, then the theme's other figures in its order.
        let subjectFigure = reader.subject
        let ordered = (subjectFigure.map { [$0] } ?? []) + reading.figures.filter { $0.word != subjectFigure?.word }
        for (index, figure) in ordered.enumerated() {
            let describers = figure.describers.filter { $0 != qualityWord && $0 != "lost" }
            var matched: TaleFigure?
            var isHero = false
            if let kind = figure.kind, kind == sheet.hero.kind, kind != .child {
                matched = heroFigure
                isHero = true
            } else if var friend = companion, let design = sheet.companion,
                      (figure.kind != nil && figure.kind == design.kind) || (figure.isProper && figure.word == friend.name) {
                if !figure.isPerson { friend.word = figure.word }
                matched = friend
            }
            let told = matched.map { found -> TaleFigure in
                var found = found
                found.describers = describers
                return found
            } ?? TaleFigure(name: figure.isProper ? figure.word : "the \((describers + [figure.word]).joined(separator: " "))",
                            word: figure.isProper ? nil : figure.word, describers: describers, pronouns: nil,
                            kind: figure.kind ?? (figure.isPerson ? .grownUp : nil))
            if index == 0, subjectFigure != nil {
                subject = told
                subjectIsHero = isHero
            } else if other == nil, told.name != subject.name, told.name != heroFigure.name {
                other = told
            }
        }
        let partner: TaleFigure
        if !subjectIsHero {
            partner = heroFigure
        } else if let companion {
            partner = companion
        } else {
            let critters = world.critters
            let critter = critters[Int(rng.next(upperBound: UInt32(critters.count)))]
            partner = TaleFigure(name: "the \(critter.word)", word: critter.word, pronouns: nil, kind: critter.kind)
        }
        if other?.name == partner.name { other = nil }
        // A companion who is not the subject nor the partner (the subject is "the knight") is the other.
        if other == nil, let companion, companion.name != subject.name, companion.name != partner.name { other = companion }

        var action = reader.action
        if let kind = action?.kind, [.making, .fixing].contains(kind), action?.object == nil {
            action?.object = reading.objects.first ?? "surprise"
        }
        let occasion = reader.occasion?.word
        if action == nil, let occasion {
            action = Self.occasionAction(occasion)
            // "An octopus birthday": the octopus birthday cake.
            if occasion == "birthday", let word = subject.word, let object = action?.object { action?.object = "\(word) \(object)" }
        }
        if let props = reader.occasion?.props, var told = action {
            told.props += props.filter { !told.props.contains($0) }
            action = told
        }
        var things = reading.objects
        if let object = action?.object, !things.contains(object) { things.insert(object, at: 0) }
        if let lost = reading.lostObject, !things.contains(lost) { things.insert(lost, at: 0) }
        self.init(subject: subject, partner: partner, subjectIsHero: subjectIsHero, hero: heroFigure, trait: trait,
                  action: action, weather: reader.weather, occasion: occasion, other: other, things: things)
        place = TalePlace.of(reading: reading, action: action)
        // "A lost penguin": the penguin is the one lost, and the hero goes looking with a creature of the place.
        if action?.kind == .finding, !subjectIsHero, let word = subject.word, action?.object == word {
            lostFigure = subject
            self.subject = heroFigure
            self.subjectIsHero = true
            self.things.removeAll { $0 == word }
            if partner.name == heroFigure.name {
                let critter = world.critters[Int(rng.next(upperBound: UInt32(world.critters.count)))]
                self.partner = TaleFigure(name: "the \(critter.word)", word: critter.word, pronouns: nil, kind: critter.kind)
            }
        }
    }

    /// The getting-ready of an occasion: a cake for a birthday, a basket for a picnic, pumpkins for a harvest festival.
    static func occasionAction(_ occasion: String) -> TaleAction {
        switch occasion {
        case "picnic":
            TaleAction(kind: .making, base: "pack", ing: "packing", past: "packed", third: "packs", object: "picnic basket",
                       props: ["picnic blanket", "basket", "sandwich"], sceneAction: .making)
        case "birthday":
            TaleAction(kind: .making, base: "bake", ing: "baking", past: "baked", third: "bakes", object: "birthday cake",
                       props: ["cake", "candles", "balloon"], setting: .home, indoors: true, sceneAction: .making)
        case "harvest festival":
            TaleAction(kind: .making, base: "gather", ing: "gathering", past: "gathered", third: "gathers", object: "pumpkins",
                       props: ["basket", "carrot", "hay bale"], sceneAction: .making)
        default:
            TaleAction(kind: .making, base: "hang", ing: "hanging", past: "hung", third: "hangs", object: "bunting",
                       props: ["bunting", "balloon", "present"], sceneAction: .making)
        }
    }

    /// The plain word for a kind ("grown-up" is never said: grown-ups have names).
    static func kindWord(_ kind: CreatureKind) -> String {
        kind == .grownUp ? "grown-up" : kind.rawValue
    }

    /// A companion that is the theme's vehicle, thing or knight, named as the theme tells it ("the little red car").
    static func isThemeThing(_ design: CharacterDesign) -> Bool {
        (design.kind.isThing || design.kind == .knight) && design.name.hasPrefix("the ")
    }

    static func figure(of design: CharacterDesign, word: String?) -> TaleFigure {
        TaleFigure(name: OfflineStoryWriter.stripBraces(design.name), word: word, pronouns: design.pronouns, kind: design.kind)
    }
}
