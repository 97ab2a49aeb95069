import StoryDomain

/// Frames the tale's logic adds (issue #31's read-aloud items): the toddler refrain said by
/// someone, a goodnight to a subject who is not at home with the hero, short toddler lines, and
/// the beats of a long story (another try, a setback, a second helper). Same rules as
/// ``TaleFrames``: whole past-tense sentences, names or "the crab" as subjects, slots of ``TaleSlots``.
extension TaleFrames {
    /// The refrain of a shape as a line said by someone: the same words on every middle page, a
    /// different way of saying it each time (each verb once), so no sentence is said twice in a story.
    static func saidRefrain(_ shape: PlotShape) -> TaleLine {
        let (words, speakers): ([String], [String]) = switch shape {
        case .making: (["{verb}, {verb}, {verb}!", "Here comes {theObj}!"],
                       ["said {D}", "sang {P}", "cheered {both}", "called {D}", "laughed {P}", "whispered {D}", "hummed {P}", "chanted {both}"])
        case .journey: (["Are we at {place} yet?"],
                        ["asked {D}", "called {P}", "sang {both}", "wondered {D}", "whispered {P}", "sighed {D}", "laughed {P}", "chanted {both}"])
        case .firstTime: (["You can {learn}, {D}!", "You can do it, {D}!"],
                          ["said {P}", "called {P}", "sang {P}", "cheered {P}", "whispered {P}", "laughed {P}", "cried {P}", "hummed {P}"])
        case .fearMet: (["Be brave, little {DWord}!", "Be brave, {D}!"],
                        ["whispered {P}", "said {P}", "sang {P}", "hummed {P}", "called {P}", "murmured {P}", "smiled {P}", "cheered {P}"])
        case .wishGranted: (["{wish}, {D}, {wish}!"],
                            ["sang {P}", "called {P}", "cheered {P}", "cried {P}", "laughed {P}", "whispered {P}", "said {P}", "hummed {P}"])
        case .helping: (["We can help {needy}!"],
                        ["said {D}", "called {P}", "cried {both}", "sang {D}", "cheered {P}", "whispered {D}", "laughed {P}", "chanted {both}"])
        case .contest: (["{verb}, {verb}, {verb}!", "Go, {D}, go!"],
                        ["cheered {P}", "called {P}", "sang {P}", "cried {P}", "shouted {P}", "laughed {P}", "whooped {P}", "clapped {P}"])
        case .puzzle: (["Where did {theObj} go?"],
                       ["asked {D}", "called {P}", "wondered {both}", "whispered {D}", "sang {P}", "sighed {D}", "chanted {both}", "murmured {P}"])
        }
        return TaleLine(speakers.map { speaker in words.map { "\"\($0)\" \(speaker)." }.joined(separator: "|") })
    }

    /// The refrain said by someone, with its words fixed to the first of the shape's that `render` can say,
    /// so every middle page says the same words.
    static func saidRefrain(_ shape: PlotShape, render: (String) -> String?) -> TaleLine {
        let line = saidRefrain(shape)
        let options = line.alternatives.map { $0.split(separator: "|").map(String.init) }
        guard let first = options.first, let index = first.firstIndex(where: { render($0) != nil }) else { return line }
        return TaleLine(options.compactMap { $0.indices.contains(index) ? $0[index] : nil })
    }

    /// At bedtime, the subject who is neither the hero nor the companion (`{Daway}`: "the hedgehog") is
    /// wished goodnight, so the last page still names who the tale was about.
    static let goodnightAway = TaleLine.all(
        "{H} said goodnight to {Daway}.", "{H} hoped {Daway} was fast asleep too.",
        "Far away, {Daway} was fast asleep too.", "{H} wondered whether {Daway} was dreaming of {dream} too.")

    /// Short lines for ages 2–4 for a beat of a shape (one or two), so a toddler's page is short
    /// sentences; each line has alternatives for themes without an object, a wish or a fear.
    static func youngBeat(_ shape: PlotShape, _ beat: PlotBeat) -> [TaleLine] {
        switch shape {
        case .making: youngMaking[beat] ?? []
        case .contest: youngContest[beat] ?? []
        default: youngOther[beat] ?? []
        }
    }

    /// A contest: the race by its own name ("the tortoise race"), so two race themes do not share a line.
    private static let youngContest: [PlotBeat: [TaleLine]] = [
        .opening: [.young("{D} loved {contest}.", "{D} got ready for {contest}."), .young("{P} came to watch {contest}.")],
        .firstTry: [.young("{D} ran in {contest}.", "{D} tried hard in {contest}."), .young("But {rival} was ahead in {contest}.")],
        .helpTry: [.young("{P} cheered {D} on in {contest}."), .young("{D} kept going in {contest}.")],
        .extra: [.young("{D} did not give up in {contest}.")],
        .turn: [.young("{rival} fell over in {contest}."), .young("{D} stopped to help {rival}.")],
        .resolution: [.young("{D} and {rival} finished {contest}."), .young("{both} cheered for {contest}.")],
    ]

    /// Making something: the thing goes wrong, then comes right.
    private static let youngMaking: [PlotBeat: [TaleLine]] = [
        .opening: [.young("{D} loved {theObj}.", "{D} thought about {acting}."), .young("{P} came to help with {theObj}.", "{P} came to help {D} {act}.")],
        .firstTry: [.young("{D} tried {acting}.", "{D} tried to {act}."), .young("But {theObj} went wrong.")],
        .helpTry: [.young("{P} helped with {theObj}.", "{P} helped {D} {act}."), .young("{theObj} looked better now.", "{D} tried {acting} again.")],
        .extra: [.young("{D} did not give up on {theObj}.", "{D} tried {acting} once more."), .young("{theObj} got a bit better.")],
        .turn: [.young("Then {theObj} came right!", "Then {D} could {act}!"), .young("{D} clapped for {theObj} {inPlace}.")],
        .resolution: [.young("{D} cheered for {theObj}!", "{D} was happy with {theObj}."), .young("{both} loved {theObj}.")],
    ]

    /// Every other shape: the doing, the wish or the fear is hard, then it is not.
    private static let youngOther: [PlotBeat: [TaleLine]] = [
        .opening: [.young("{D} longed to {wish}.", "{D} hid from {fear}.", "{D} loved {acting}.", "{D} wanted to help {needy}."),
                   .young("{P} came to help with {acting}.", "{P} came to help {D} {wish}.", "{P} came to help with {fear}.")],
        .firstTry: [.young("{D} tried to {wish}.", "{D} peeked at {fear}.", "{D} tried {acting}.", "{D} reached for {theObj}."),
                    .young("But {wishing} was hard.", "{fear} felt so big!")],
        .helpTry: [.young("{P} helped {D} {wish}.", "{P} helped {D} {act}.", "{P} sat with {D} near {fear}.", "{P} helped with {theObj}.")],
        .extra: [.young("{D} tried {wishing} once more.", "{D} felt braver about {fear}.", "{D} tried {acting} once more.")],
        .turn: [.young("Then {D} could {wish}!", "Then {fear} felt small and friendly.", "Then {D} could {act}!", "Then {needy} smiled.")],
        .resolution: [.young("{D} cheered for {wishing}!", "{D} laughed about {fear}.", "{D} cheered for {acting}!"),
                      .young("{both} loved {theObj}.", "{both} loved {acting}.")],
    ]

    /// The place said shortly, for ages 2–4 (before ``TaleFrames/setting``'s longer lines).
    static let youngSetting = TaleLine.young("{D} took {theObj} {toPlace}.", "{inPlace}, {D} thought of {theObj}.", "{D} was {acting} {inPlace}.")

    /// The last line for ages 2–4: short, with the day's dream.
    static let youngAsleep = TaleLine.young("{H} fell asleep, dreaming of {dream}.", "{H} slept and dreamed of {dream}.")

    /// The beats of a long story's middle pages (over 6 pages), in order: more than the same try
    /// again, a setback, a second helper and a new idea, each naming the theme.
    static let longBeats: [TaleLine] = [
        .all("But then, {inPlace}, something went wrong with {theObj}.", "There was a setback {inPlace}: {theObj} was all in a muddle again.",
             "Just when it was going well {inPlace}, {verbing} got hard again."),
        .all("{D} sat down {inPlace}, thinking about {theObj}.", "{D} felt like giving up on {theObj}, right there {inPlace}."),
        .all("Along came {needy}, who had an idea about {theObj}.", "{needy} stopped {inPlace} to help with {theObj} too.",
             "{needy} came by {inPlace} and offered to help {D}."),
        .all("So {D} tried a brand-new way of {acting} {inPlace}.", "{inPlace}, {both} tried {acting} another way."),
        .grown("{D} remembered that {acting} takes a few tries.", "Little by little, {theObj} got better {inPlace}."),
        .older("{needy} turned out to know a great deal about {acting}, or at least to talk about it a great deal {inPlace}."),
    ]

    /// More ways to say where a long story's page happens, each with something of the theme.
    static let moreSetting = TaleLine.all(
        "{D} looked around {inPlace} and thought about {theObj}.", "{inPlace}, {D} stopped to think about {acting}.",
        "{P} and {D} took a rest {inPlace}, talking about {theObj}.", "{inPlace}, {D} tried {acting} one more time.",
        "{D} hummed a little song about {theObj} {inPlace}.", "{inPlace}, {P} watched {D} with {theObj}.",
        "{inPlace}, {D} thought about {fear}.", "{inPlace}, {D} thought about {wishing}.", "{D} waved to {needy} {inPlace}.")

    /// The occasion coming (`{theOccasion}`: "the fair", "Christmas"), on the first pages.
    static let occasionSoon = TaleLine.all(
        "It was nearly time for {theOccasion}.", "Everyone {inPlace} was getting ready for {theOccasion}.",
        "{D} could hardly wait for {theOccasion}.", "{theOccasion} was only a day away.")

    /// The occasion held, at the resolution, for occasions ``TaleFrames/occasion(_:)`` does not tell by name.
    static let occasionHeld = TaleLine.all(
        "At last it was time for {theOccasion} {inPlace}.", "And then {theOccasion} began {inPlace}.",
        "Everyone came to {theOccasion}, and {theObj} {objWas} the best part.")

    /// More ways to tell the weather, each with something of the theme, so every page before bedtime can.
    static func moreWeather(_ weather: SceneWeather, indoors: Bool) -> [String] {
        switch (weather, indoors) {
        case (.rain, false): ["Raindrops dripped off {theObj}.", "{D} shook the rain off and went on {acting}.", "The rain kept falling on {theObj}, but {D} did not mind."]
        case (.rain, true): ["Raindrops ran down the window while {D} thought about {theObj}.", "The rain kept on, and {D} kept on {acting}."]
        case (.snow, false): ["Snow settled softly on {theObj}.", "{D} brushed the snow off and went on {acting}.", "The snow kept falling on {theObj}, but {D} did not mind."]
        case (.snow, true): ["Snowflakes drifted past while {D} thought about {theObj}.", "The snow kept on, and {D} kept on {acting}."]
        case (.wind, false): ["The wind tugged and whooshed while {D} went on {acting}.", "A gust of wind ruffled {theObj}."]
        case (.wind, true): ["The wind whistled outside while {D} thought about {theObj}."]
        case (.fog, false): ["The fog made {theObj} hard to see.", "{D} went on {acting} in the soft grey fog."]
        case (.fog, true): ["The fog pressed on the window while {D} thought about {theObj}."]
        case (.rainbow, _): []
        }
    }

    /// The weather heard from bed on the last page.
    static func bedtimeWeather(_ weather: SceneWeather) -> TaleLine? {
        switch weather {
        case .rain: .all("Far away, rain pattered on {theObj}.", "The rain pattered on the roof, and {H} thought of {dream}.")
        case .snow: .all("Far away, snow fell softly on {theObj}.", "Snowflakes drifted past the window, and {H} thought of {dream}.")
        case .wind: .all("Far away, the wind tugged at {theObj}.", "The wind hummed round the house, and {H} thought of {dream}.")
        case .fog: .all("Far away, fog curled around {theObj}.", "The fog wrapped the house, and {H} thought of {dream}.")
        case .rainbow: nil
        }
    }
}
