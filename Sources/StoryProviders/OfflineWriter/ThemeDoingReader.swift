import StoryDomain

/// Reads what a theme is ABOUT, after ``ThemeReader`` has found its figures, places and things:
/// who it is about (the subject), what the subject is, fears, wishes or struggles with (traits),
/// what it does (the action), the weather and the occasion. Works on the theme's lower-cased
/// tokens and the reader's lexicon matches; everything it writes is the lexicon's own words.
struct ThemeDoingReader {
    let tokens: [String]
    let matches: [ThemeReader.Match]

    /// Where a figure of the reading stands in the theme.
    private struct Spot {
        var start: Int
        var end: Int
        var word: String
    }

    /// A verb form found in the theme.
    private struct VerbHit {
        var start: Int
        var end: Int
        var verb: ThemeLexicon.Verb
        /// After "a", "the", "his": a thing ("the race"), not a doing.
        var isNominal: Bool
    }

    /// "learns to", "wants to", "teaches … to": the doing that follows is the theme's.
    private struct Frame {
        var start: Int
        var attempt: ThemeAction.Attempt
        /// Where the framed verb starts.
        var target: Int
    }

    /// Words that may stand between a verb and its object or place.
    private static let gapWords: Set<String> = ThemeLexicon.determiners.union([
        "up", "for", "of", "new", "own", "lovely", "special", "very", "beautiful", "tasty", "yummy", "fresh", "whole", "lots",
        "loaf", "slice", "piece", "broken", "missing", "favourite", "favorite", "best", "surprise", "huge", "tiny", "wooden",
        "old", "shiny",
    ])
    /// Words before a place the doing goes to or happens at.
    private static let placeWords: Set<String> = ["to", "at", "in", "on", "into", "across", "around", "through", "over",
                                                  "under", "by", "near", "inside", "from", "towards", "toward", "onto",
                                                  "round", "up", "down", "along", "beside", "visits", "visit", "visited",
                                                  "visiting", "explores", "explore", "explored", "exploring"]
    private static let pronouns: Set<String> = ["he", "she", "they", "it", "i", "we", "you"]
    private static let indoorPlaces: Set<String> = ["kitchen", "bedroom", "library", "bakery", "school", "museum"]

    /// Fills `reading`'s subject, traits, action, weather and occasion, and marks plural figures.
    func fill(_ reading: inout ThemeReading) {
        addActingThing(&reading)
        let spots = figureSpots(reading)
        markPlurals(&reading, spots: spots)
        let fears = fearTraits(spots: spots, subject: nil)
        let fearRanges = fears.map(\.range)
        reading.weather = weather(outside: fearRanges)
        reading.occasion = occasion()

        let hits = verbHits()
        let frames = self.frames(spots: spots)
        let lowRanges = fearRanges + cannotRanges()
        let frameWords = Set(frames.map(\.start))
        reading.action = mainAction(hits: hits.filter { !frameWords.contains($0.start) }, frames: frames,
                                    lowRanges: lowRanges, reading: reading)
        reading.subject = subject(reading: reading, spots: spots, hits: hits, frames: frames)

        var traits: [(position: Int, trait: ThemeTrait)] = fears.map { ($0.range.lowerBound, $0.trait) }
        traits += wishTraits(frames: frames, spots: spots, reading: reading)
        traits += qualityTraits(spots: spots).filter { entry in !fearRanges.contains { $0.contains(entry.position) } }
        traits += problemTraits(spots: spots, reading: reading)
        let subjectWord = reading.subject?.word
        var told: [ThemeTrait] = []
        for var entry in traits.sorted(by: { $0.position < $1.position }) {
            if entry.trait.owner == nil { entry.trait.owner = subjectWord }
            // A quality with no figure to have it ("a quiet afternoon") is a mood, not a trait.
            if entry.trait.kind == .quality, entry.trait.owner == nil { continue }
            if !told.contains(entry.trait) { told.append(entry.trait) }
        }
        reading.traits = told
    }

    // MARK: - Figures

    /// "a little train that carries presents", "a cloud who wants to make a rainbow": with no figure
    /// before it, a thing that does something is the theme's figure.
    private func addActingThing(_ reading: inout ThemeReading) {
        for (position, match) in matches.enumerated() {
            if match.roles.contains(where: { $0.isCreature || $0.isPerson }) { return }
            guard let word = match.roles.lazy.compactMap(\.objectWord).first,
                  let next = tokens[safe: match.end] else { continue }
            let acts = ["who", "that", "which", "whose"].contains(next)
                || (verb(at: match.end) != nil && !(matches[safe: position + 1]?.start == match.end))
            guard acts else { continue }
            var describers: [String] = []
            var cursor = position - 1
            var chainStart = match.start
            while describers.count < 2, cursor >= 0, matches[cursor].end == chainStart,
                  let describer = matches[cursor].roles.lazy.compactMap(\.describerWord).first {
                describers.insert(describer, at: 0)
                chainStart = matches[cursor].start
                cursor -= 1
            }
            let figure = ThemeReading.Figure(word: word, kind: ThemeLexicon.drawnKinds[word], isPerson: false, isProper: false,
                                             describers: describers)
            reading.figures.insert(figure, at: 0)
            return
        }
    }

    private func figureSpots(_ reading: ThemeReading) -> [Spot] {
        var spots: [Spot] = []
        for match in matches {
            for role in match.roles {
                guard let word = role.creatureWord ?? role.personWord ?? role.objectWord,
                      reading.figures.contains(where: { $0.word == word })
                else { continue }
                spots.append(Spot(start: match.start, end: match.end, word: word))
                break
            }
        }
        return spots
    }

    /// "two otters", "the bunnies", "twins": figures the theme names more than one of.
    private func markPlurals(_ reading: inout ThemeReading, spots: [Spot]) {
        for index in reading.figures.indices {
            let word = reading.figures[index].word
            guard let spot = spots.first(where: { $0.word == word }) else { continue }
            let said = tokens[spot.start..<spot.end].joined(separator: " ")
            let lower = word.lowercased()
            var plural = said != lower && ThemeLexicon.pluralForms(of: lower).contains(said)
            plural = plural || ["mice", "geese", "octopi", "teeth"].contains(said)
            var cursor = spot.start - 1
            while !plural, cursor >= 0, cursor >= spot.start - 3 {
                let token = tokens[cursor]
                if ThemeLexicon.manyWords.contains(token) { plural = true }
                guard ThemeLexicon.determiners.contains(token) || isDescriber(at: cursor) else { break }
                cursor -= 1
            }
            reading.figures[index].isPlural = plural
        }
    }

    /// The figure nearest before `position`, else the first after it.
    private func owner(near position: Int, spots: [Spot]) -> String? {
        spots.last(where: { $0.start < position })?.word ?? spots.first(where: { $0.start > position })?.word
    }

    // MARK: - Subject

    /// The first figure, unless the theme starts with its doing ("helping a lost kitten").
    private func subject(reading: ThemeReading, spots: [Spot], hits: [VerbHit], frames: [Frame]) -> ThemeReading.Figure? {
        guard let first = spots.first else { return nil }
        let startsWithDoing = hits.contains { $0.start == 0 && !$0.isNominal } || frames.contains { $0.start == 0 }
        if startsWithDoing, first.start > 0 { return nil }
        return reading.figures.first { $0.word == first.word }
    }

    // MARK: - Weather and occasion

    private func weather(outside ranges: [Range<Int>]) -> SceneWeather? {
        for (index, token) in tokens.enumerated() where !ranges.contains(where: { $0.contains(index) }) {
            if let weather = ThemeLexicon.weatherWords[token] { return weather }
        }
        return nil
    }

    private func occasion(from start: Int = 0, within: Int = .max) -> ThemeOccasion? {
        for index in tokens.indices where index >= start && index - start < within {
            for length in stride(from: min(3, tokens.count - index), through: 1, by: -1) {
                let key = tokens[index..<(index + length)].joined(separator: " ")
                if let occasion = ThemeLexicon.occasionIndex[key] { return occasion }
            }
        }
        return nil
    }

    // MARK: - Verbs and frames

    private func verbHits() -> [VerbHit] {
        var hits: [VerbHit] = []
        var index = 0
        while index < tokens.count {
            if let (verb, length) = verb(at: index) {
                let nominal = index > 0 && ThemeLexicon.determiners.contains(tokens[index - 1])
                hits.append(VerbHit(start: index, end: index + length, verb: verb, isNominal: nominal))
                index += length
            } else {
                index += 1
            }
        }
        return hits
    }

    /// The verb whose form starts at `index` ("looking for" before "look"), and its length in tokens.
    private func verb(at index: Int) -> (ThemeLexicon.Verb, Int)? {
        guard tokens.indices.contains(index) else { return nil }
        if index + 1 < tokens.count, let verb = ThemeLexicon.verbIndex["\(tokens[index]) \(tokens[index + 1])"] {
            return (verb, 2)
        }
        return ThemeLexicon.verbIndex[tokens[index]].map { ($0, 1) }
    }

    private func frames(spots: [Spot]) -> [Frame] {
        var frames: [Frame] = []
        for (index, token) in tokens.enumerated() {
            let next = tokens[safe: index + 1]
            if ThemeLexicon.wishWords.contains(token)
                || (ThemeLexicon.wouldWishWords.contains(token) && tokens[safe: index - 1] == "would") {
                if next == "to" {
                    frames.append(Frame(start: index, attempt: .wanting, target: index + 2))
                } else if next == "of" || next == "about" {
                    frames.append(Frame(start: index, attempt: .wanting, target: index + 2))
                } else if let next, Self.pronouns.contains(next), ["could", "can", "would"].contains(tokens[safe: index + 2]) {
                    frames.append(Frame(start: index, attempt: .wanting, target: index + 3))
                } else if let next, ThemeLexicon.determiners.contains(next) || next == "for" {
                    frames.append(Frame(start: index, attempt: .wanting, target: index + 1))
                }
            } else if ThemeLexicon.learnWords.contains(token), next == "to" || next == "how" {
                frames.append(Frame(start: index, attempt: .learning, target: index + (next == "how" ? 3 : 2)))
            } else if ThemeLexicon.tryWords.contains(token) {
                if next == "to" { frames.append(Frame(start: index, attempt: .trying, target: index + 2)) }
            } else if ThemeLexicon.helpWords.contains(token), let spot = spots.first(where: { $0.start > index && $0.start <= index + 3 }) {
                // "helps the farmer pull up the carrots", "helps a duck to swim".
                let target = tokens[safe: spot.end] == "to" ? spot.end + 1 : spot.end
                if verb(at: target) != nil { frames.append(Frame(start: index, attempt: .helping, target: target)) }
            } else if ThemeLexicon.teachWords.contains(token),
                      let to = (index + 1..<min(index + 7, tokens.count)).first(where: { tokens[$0] == "to" }),
                      spots.contains(where: { $0.start > index && $0.start < to }) {
                frames.append(Frame(start: index, attempt: .teaching, target: to + 1))
            }
        }
        return frames
    }

    // MARK: - The action

    private func mainAction(hits: [VerbHit], frames: [Frame], lowRanges: [Range<Int>], reading: ThemeReading) -> ThemeAction? {
        for frame in frames {
            if let action = action(at: frame.target, attempt: frame.attempt, reading: reading) { return action }
        }
        let low = { (hit: VerbHit) in lowRanges.contains { $0.contains(hit.start) } }
        let ordered = hits.filter { !$0.isNominal && !$0.verb.isWeak && !low($0) }
            + hits.filter { !$0.isNominal && $0.verb.isWeak && !low($0) }
            + hits.filter { !$0.isNominal && low($0) } + hits.filter { $0.isNominal && endsNounPhrase($0) }
        for hit in ordered {
            if let action = action(hit.verb, end: hit.end, attempt: nil, reading: reading, nominal: hit.isNominal) { return action }
        }
        return unknownDoing(reading: reading)
    }

    /// "the big race" is the theme's race; "the harvest festival" is a festival, not harvesting.
    private func endsNounPhrase(_ hit: VerbHit) -> Bool {
        guard let next = tokens[safe: hit.end] else { return true }
        return ThemeLexicon.occasionIndex[next] == nil && ThemeLexicon.index[next]?.contains { $0.objectWord != nil } != true
    }

    /// Words that follow a figure and are no doing ("a bear who is …", "a cat and …").
    private static let notDoings: Set<String> = ["is", "was", "has", "had", "gets", "got", "does", "goes", "lives", "likes",
                                                 "loves", "and", "with", "as", "has", "says", "thinks", "feels", "seems",
                                                 "looks", "becomes", "keeps", "needs", "always", "really", "also", "plus"]

    /// Words that frame a doing or a fear, never a doing of their own.
    private static let frameWords: Set<String> = ThemeLexicon.wishWords.union(ThemeLexicon.learnWords).union(ThemeLexicon.helpWords)
        .union(ThemeLexicon.tryWords).union(ThemeLexicon.teachWords).union(ThemeLexicon.fearWords)
        .union(ThemeLexicon.wouldWishWords)

    /// A verb the lexicon does not know right after the first figure ("a wizard who zorbles a
    /// teacup"): the doing is kept as a general one, making when a thing follows, else trying.
    private func unknownDoing(reading: ThemeReading) -> ThemeAction? {
        let figureEnd = matches.first(where: { $0.roles.contains { $0.isCreature || $0.isPerson } })?.end
            ?? reading.figures.first.flatMap { figure in matches.first { $0.roles.contains { $0.objectWord == figure.word } }?.end }
            ?? tokens.firstIndex(where: { ["who", "that"].contains($0) })
        guard var index = figureEnd else { return nil }
        if ["who", "that", "which"].contains(tokens[safe: index] ?? "") { index += 1 }
        guard let token = tokens[safe: index], token.count > 3, token.hasSuffix("s"), !token.hasSuffix("ss"),
              !Self.notDoings.contains(token), !Self.frameWords.contains(token), ThemeLexicon.index[token] == nil,
              ThemeLexicon.occasionIndex[token] == nil, ThemeLexicon.weatherWords[token] == nil else { return nil }
        return action(generalVerb(after: index + 1), end: index + 1, attempt: nil, reading: reading, nominal: false)
    }

    /// The action of the verb at `index` (a frame's target); an unknown verb there becomes a general one.
    private func action(at index: Int, attempt: ThemeAction.Attempt, reading: ThemeReading) -> ThemeAction? {
        guard tokens.indices.contains(index) else { return nil }
        if let (verb, length) = verb(at: index) {
            return action(verb, end: index + length, attempt: attempt, reading: reading, nominal: false)
        }
        let token = tokens[index]
        guard token != "be", !ThemeLexicon.determiners.contains(token), ThemeLexicon.index[token] == nil else { return nil }
        return action(generalVerb(after: index + 1), end: index + 1, attempt: attempt, reading: reading, nominal: false)
    }

    /// The general verb an unknown doing becomes: picking a fruit or flower that follows, making
    /// another thing, else trying.
    private func generalVerb(after index: Int) -> ThemeLexicon.Verb {
        guard let object = objectMatch(after: index) else { return ThemeLexicon.generalVerb(.trying) }
        if ThemeLexicon.pickedThings.contains(object.word), let pick = ThemeLexicon.verb("pick") { return pick }
        return ThemeLexicon.generalVerb(.making)
    }

    private func action(_ verb: ThemeLexicon.Verb, end: Int, attempt: ThemeAction.Attempt?, reading: ThemeReading,
                        nominal: Bool) -> ThemeAction? {
        var verb = verb
        let found = nominal ? nil : objectMatch(after: end)
        let object = found.flatMap { ThemeLexicon.actionObjects[$0.word] }
        if verb.base == "lose" {
            // "lost the race" is a contest; "lost his bell" is a search for it; "got lost" is no doing.
            guard let found else { return nil }
            if object?.kind != .contest, let look = ThemeLexicon.verb("look", particle: "for") { verb = look }
        }
        if ["throw", "plan", "host", "organise", "organize"].contains(verb.base), let occasion = occasion(from: end, within: 4),
           let celebrate = ThemeLexicon.verb("celebrate") {
            // "throws a surprise party": the party is celebrated, with its props.
            var action = celebrate.action(attempt: attempt)
            action.props = Array(occasion.props.prefix(3))
            action.setting = occasion.setting
            action.indoors = occasion.indoors
            return action
        }
        var action = verb.action(attempt: attempt)
        if let found {
            action.object = found.word
            action.objectPhrase = found.phrase
            if let kind = object?.kind { action.kind = kind }
        }
        var props: [String] = []
        for prop in (object?.props ?? []) + verb.props where ThemeLexicon.propVocabulary.contains(prop) && !props.contains(prop) {
            props.append(prop)
        }
        action.props = Array(props.prefix(3))
        let place = nominal ? nil : placeMatch(after: end)
        action.setting = place?.setting ?? object?.setting ?? verb.setting
        if let place {
            action.indoors = Self.indoorPlaces.contains(place.word) || (verb.indoors && [.home, .school, .castle, .town].contains(place.setting))
        }
        return action
    }

    /// The thing, creature or person a doing ending at `end` is done to ("bakes a birthday cake" →
    /// cake), told with an article the reader chooses.
    private func objectMatch(after end: Int) -> (word: String, phrase: String)? {
        var cursor = end
        var definite = false
        for match in matches where match.start >= end {
            guard match.start - end <= 4 else { return nil }
            let gap = tokens[cursor..<match.start]
            guard zip(gap.indices, gap).allSatisfy({ index, word in
                Self.gapWords.contains(word) || ThemeLexicon.occasionIndex[word] != nil || isDescriber(at: index)
            }) else { return nil }
            definite = definite || gap.contains { !["a", "an", "some", "to", "for", "up", "of"].contains($0) && ThemeLexicon.determiners.contains($0) }
            let said = tokens[match.start..<match.end].joined(separator: " ")
            for role in match.roles {
                switch role {
                case let .object(word):
                    return (word, phrase(word, said: said, definite: definite, mass: ThemeLexicon.actionObjects[word]?.isMass ?? false))
                case let .creature(word, _):
                    return possession(after: match) ?? (word, phrase(word, said: said, definite: definite, mass: false))
                case let .person(word, proper):
                    return possession(after: match)
                        ?? (word, proper ? word : phrase(word, said: said, definite: definite, mass: false))
                case .place:
                    return nil
                case .describer, .want:
                    continue
                }
            }
            cursor = match.end
        }
        return nil
    }

    /// "Grandma's teacup", "the bear's blanket": the thing right after a figure is the object, told "the teacup".
    private func possession(after figure: ThemeReader.Match) -> (word: String, phrase: String)? {
        guard let next = matches.first(where: { $0.start == figure.end }),
              let word = next.roles.lazy.compactMap(\.objectWord).first else { return nil }
        let said = tokens[next.start..<next.end].joined(separator: " ")
        return (word, phrase(word, said: said, definite: true, mass: false))
    }

    /// "bread", "the race", "a boat", "cookies": the lexicon word with the reader's article.
    private func phrase(_ word: String, said: String, definite: Bool, mass: Bool) -> String {
        let plurals = ThemeLexicon.pluralForms(of: word.lowercased())
        if said != word.lowercased(), let plural = plurals.first(where: { said == $0 || said.hasSuffix($0) }) {
            // "moonberries" is said as the lexicon's "berries".
            return definite ? "the \(plural)" : plural
        }
        if mass { return word }
        return definite ? "the \(word)" : TextTools.withArticle(word)
    }

    /// The place a doing ending at `end` goes to or happens at ("sails to an island", "at the beach").
    private func placeMatch(after end: Int) -> ThemeReading.Place? {
        for match in matches where match.start >= end && match.start - end <= 6 {
            // Only where the doing goes or happens: "to the beach", "in the garden", not "for the winter".
            var before = match.start - 1
            while before >= end, ThemeLexicon.determiners.contains(tokens[before]) || isDescriber(at: before) { before -= 1 }
            guard before >= end - 1, tokens.indices.contains(before), Self.placeWords.contains(tokens[before]) else { continue }
            for role in match.roles {
                if case let .place(word, phrase, setting) = role {
                    return ThemeReading.Place(word: word, phrase: phrase, setting: setting)
                }
            }
        }
        return nil
    }

    // MARK: - Traits

    /// "afraid of the dark", "scared to swim" (→ "afraid of swimming"), "fears storms".
    private func fearTraits(spots: [Spot], subject: String?) -> [(range: Range<Int>, trait: ThemeTrait)] {
        var fears: [(range: Range<Int>, trait: ThemeTrait)] = []
        for (index, token) in tokens.enumerated() where ThemeLexicon.fearWords.contains(token) {
            let next = tokens[safe: index + 1]
            let direct = ["fear", "fears", "feared", "hates"].contains(token)
            let start = direct ? index + 1 : (["of", "about", "by", "to"].contains(next) ? index + 2 : nil) ?? -1
            var target: (words: String, end: Int)?
            if start >= 0 {
                if next == "to", let (verb, length) = verb(at: start) {
                    target = ("afraid of \(verb.ing)", start + length)
                } else {
                    target = fearTarget(from: start).map { ("afraid of \($0.words)", $0.end) }
                }
            }
            if target == nil, ["afraid", "scared", "frightened", "terrified", "fearful"].contains(token) {
                target = ("afraid", index + 1)
            }
            guard let target else { continue }
            let trait = ThemeTrait(kind: .fear, core: .state(target.words), owner: owner(near: index, spots: spots))
            fears.append((index..<target.end, trait))
        }
        return fears
    }

    /// What a fear starting at `start` is of, in the lexicon's words, and where it ends.
    private func fearTarget(from start: Int) -> (words: String, end: Int)? {
        var index = start
        while let token = tokens[safe: index], ThemeLexicon.determiners.contains(token) || token == "loud" { index += 1 }
        guard let token = tokens[safe: index] else { return nil }
        if let target = ThemeLexicon.fearTargets[token] { return (target, index + 1) }
        if let (verb, length) = verb(at: index), token == verb.ing { return (verb.ing, index + length) }
        guard let match = matches.first(where: { $0.start == index }) else { return nil }
        for role in match.roles {
            switch role {
            case let .creature(word, _): return (Self.plural(word), match.end)
            case let .place(_, phrase, _): return (phrase, match.end)
            default: continue
            }
        }
        return nil
    }

    /// Ranges of "can't …" phrases: their verb is what is hard, a weaker candidate for the action.
    private func cannotRanges() -> [Range<Int>] {
        tokens.indices.filter { ThemeLexicon.cannotWords.contains(tokens[$0]) }.map { $0..<min($0 + 3, tokens.count) }
    }

    /// "wants to fly", "wishes for a puppy", "dreams of being an astronaut".
    private func wishTraits(frames: [Frame], spots: [Spot], reading: ThemeReading) -> [(position: Int, trait: ThemeTrait)] {
        var traits: [(position: Int, trait: ThemeTrait)] = []
        for frame in frames where frame.attempt == .wanting {
            let owner = owner(near: frame.start, spots: spots)
            var target = frame.target
            if tokens[safe: target] == "be" || tokens[safe: target] == "being" { target += 1 }
            if target > frame.target, let found = objectMatch(after: target) {
                traits.append((frame.start, ThemeTrait(kind: .wish, core: .wish("to be \(found.phrase)"), owner: owner)))
            } else if let action = action(at: frame.target, attempt: .wanting, reading: reading) {
                traits.append((frame.start, ThemeTrait(kind: .wish, core: .wish("to \(action.told(.base))"), owner: owner)))
            } else if let found = objectMatch(after: frame.target) {
                traits.append((frame.start, ThemeTrait(kind: .wish, core: .wish(found.phrase), owner: owner)))
            }
        }
        return traits
    }

    /// "shy giraffe", "who is clumsy", "too tall".
    private func qualityTraits(spots: [Spot]) -> [(position: Int, trait: ThemeTrait)] {
        var traits: [(position: Int, trait: ThemeTrait)] = []
        for (index, token) in tokens.enumerated() {
            if token == "too", let next = tokens[safe: index + 1], let words = ThemeLexicon.tooWords[next] {
                traits.append((index, ThemeTrait(kind: .quality, core: .state("too \(words)"), owner: owner(near: index, spots: spots))))
                continue
            }
            guard tokens[safe: index - 1] != "too", let match = matches.first(where: { $0.start == index }),
                  let word = match.roles.lazy.compactMap(\.describerWord).first, ThemeLexicon.traitQualities.contains(word)
            else { continue }
            // A describer chain right before a figure belongs to it; otherwise to the figure before.
            var cursor = match.end
            while isDescriber(at: cursor) { cursor += 1 }
            let owner = spots.first(where: { $0.start == cursor })?.word ?? owner(near: index, spots: spots)
            traits.append((index, ThemeTrait(kind: .quality, core: .state(word), owner: owner)))
        }
        return traits
    }

    /// "can't sleep", "has the hiccups", "a broken wing", "lost his bell".
    private func problemTraits(spots: [Spot], reading: ThemeReading) -> [(position: Int, trait: ThemeTrait)] {
        var traits: [(position: Int, trait: ThemeTrait)] = []
        for (index, token) in tokens.enumerated() {
            let owner = owner(near: index, spots: spots)
            if ThemeLexicon.cannotWords.contains(token) || (token == "can" && tokens[safe: index + 1] == "not") {
                var start = index + 1
                while ["not", "to", "ever", "quite"].contains(tokens[safe: start] ?? "") { start += 1 }
                if let (verb, length) = verb(at: start), let action = action(verb, end: start + length, attempt: nil,
                                                                               reading: reading, nominal: false) {
                    traits.append((index, ThemeTrait(kind: .problem, core: .cannot(action.told(.base)), owner: owner)))
                }
            } else if let core = ThemeLexicon.problems[token], token != "cold" || tokens[safe: index - 1] == "a" {
                traits.append((index, ThemeTrait(kind: .problem, core: core, owner: owner)))
            } else if ThemeLexicon.hurtWords.contains(token), let part = tokens[safe: index + 1],
                      let word = ThemeLexicon.bodyParts.first(where: { $0 == part || $0 + "s" == part }) {
                traits.append((index, ThemeTrait(kind: .problem, core: .has("a sore \(word)"), owner: owner)))
            } else if token == "lost", let lost = reading.lostCreature, let spot = lostSpot(at: index, spots: spots),
                      spot.word == lost.word {
                traits.append((index, ThemeTrait(kind: .problem, core: .state("lost"), owner: spot.word)))
            } else if token == "lost", index > 0, !ThemeLexicon.determiners.contains(tokens[index - 1]),
                      let lost = reading.lostObject, let found = objectMatch(after: index + 1), found.word == lost {
                traits.append((index, ThemeTrait(kind: .problem, core: .has("lost \(Self.definite(found.phrase, word: lost))"),
                                                 owner: owner)))
            }
        }
        return traits
    }

    /// The figure a "lost" at `index` says is lost: the one right after it ("a lost duckling") or
    /// the one before "got lost" / "is lost".
    private func lostSpot(at index: Int, spots: [Spot]) -> Spot? {
        var cursor = index + 1
        while isDescriber(at: cursor) { cursor += 1 }
        if let after = spots.first(where: { $0.start == cursor }) { return after }
        guard ["got", "gets", "is", "was", "getting", "became", "feels"].contains(tokens[safe: index - 1] ?? "") else { return nil }
        return spots.last { $0.start < index }
    }

    // MARK: - Words

    private func isDescriber(at index: Int) -> Bool {
        matches.contains { $0.start == index && $0.roles.contains { $0.describerWord != nil } }
    }

    /// "the bell" for "a bell" or "bell": a lost thing is a known one.
    private static func definite(_ phrase: String, word: String) -> String {
        phrase.hasPrefix("the ") ? phrase : "the \(word)"
    }

    /// "dogs", "bunnies", "wolves", "foxes", "mice": a lexicon word in the plural.
    static func plural(_ word: String) -> String {
        let irregular = ["mouse": "mice", "sheep": "sheep", "fish": "fish", "deer": "deer", "goose": "geese",
                         "octopus": "octopuses", "wolf": "wolves", "elf": "elves", "tooth": "teeth", "leaf": "leaves"]
        if let plural = irregular[word] { return plural }
        if ["s", "sh", "ch", "x", "z"].contains(where: word.hasSuffix) { return word + "es" }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        return word + "s"
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
