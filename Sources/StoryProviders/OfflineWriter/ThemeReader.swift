import Foundation
import StoryDomain

/// Reads a family's theme into known parts (who, where, what matters, what is wanted, the mood)
/// with ``ThemeLexicon``. Words the lexicon does not know are dropped, never echoed: the reading
/// holds only the lexicon's own words. Deterministic and cheap (one pass over at most a few dozen words).
struct ThemeReader: Sendable {
    /// A run of theme tokens the lexicon knows, and the roles it plays.
    typealias Match = (start: Int, end: Int, roles: [ThemeLexicon.Role])

    /// Roles of every form the reader knows, by lower-cased form.
    let index: [String: [ThemeLexicon.Role]]
    /// The longest phrase in `index`, in words.
    let longestPhrase: Int

    init(index: [String: [ThemeLexicon.Role]] = ThemeLexicon.index, longestPhrase: Int = ThemeLexicon.longestPhrase) {
        self.index = index
        self.longestPhrase = longestPhrase
    }

    /// Words after which what follows is lost ("lost his bell"), or before which it is ("the bell is missing").
    private static let lostMarkers: Set<String> = ["lost", "lose", "loses", "losing", "missing", "find", "finds",
                                                   "finding", "found", "search", "searches", "searching"]
    private static let negations: Set<String> = ["cant", "cannot", "couldnt", "wont", "not", "no", "never", "isnt",
                                                 "doesnt", "didnt"]
    private static let sleepWords: Set<String> = ["sleep", "sleeps", "sleeping", "asleep"]
    private static let darkWords: Set<String> = ["dark", "darkness"]
    private static let fearWords: Set<String> = ["afraid", "scared", "frightened", "fear", "fears", "scary", "worried"]
    /// Words after "first" that are not a first time ("the first star" is a star).
    private static let notFirstTimes: Set<String> = ["star", "stars", "snow", "snowflake", "snowflakes", "light", "of", "and", "one"]
    private static let newThings: Set<String> = ["school", "class", "home", "house", "baby", "brother", "sister", "town"]

    /// The theme's parts, as lexicon words.
    func read(_ theme: String) -> ThemeReading {
        let tokens = Self.tokens(theme)
        var reading = ThemeReading()
        var matched: [Match] = []
        var index = 0
        while index < tokens.count {
            var length = min(longestPhrase, tokens.count - index)
            while length > 0 {
                let key = tokens[index..<(index + length)].joined(separator: " ")
                if let roles = self.index[key] {
                    matched.append((index, index + length, roles))
                    break
                }
                length -= 1
            }
            // "moonberries": a made-up word that ends in a known thing is that thing.
            if length == 0, let head = ThemeLexicon.compoundHead(of: tokens[index]), let roles = self.index[head] {
                matched.append((index, index + 1, roles.filter { $0.objectWord != nil }))
            }
            index += max(length, 1)
        }

        for (position, match) in matched.enumerated() {
            for role in match.roles {
                switch role {
                case let .creature(word, kind):
                    let figure = ThemeReading.Figure(word: word, kind: kind, isPerson: false, isProper: false,
                                                     describers: describers(before: position, in: matched))
                    if !reading.figures.contains(where: { $0.word == word }) { reading.figures.append(figure) }
                case let .person(word, proper):
                    // "baby dragon": a person word right before a creature describes it instead.
                    // "astronaut cat": a person word right before a creature says what the creature is.
                    if let next = matched[safe: position + 1], next.start == match.end,
                       next.roles.contains(where: \.isCreature), match.roles.contains(where: \.isDescriber) || !proper { continue }
                    let figure = ThemeReading.Figure(word: word, kind: ThemeLexicon.drawnKinds[word], isPerson: true, isProper: proper,
                                                     describers: proper ? [] : describers(before: position, in: matched))
                    if !reading.figures.contains(where: { $0.word == word }) { reading.figures.append(figure) }
                case let .place(word, phrase, setting):
                    if !reading.places.contains(where: { $0.word == word }) {
                        reading.places.append(ThemeReading.Place(word: word, phrase: phrase, setting: setting))
                    }
                case let .object(word):
                    // "races" after a figure is a doing, not two races.
                    if match.end - match.start == 1, ThemeLexicon.verbIndex[tokens[match.start]] != nil,
                       !ThemeLexicon.determiners.contains(tokens[safe: match.start - 1] ?? "") { continue }
                    if !reading.objects.contains(word) { reading.objects.append(word) }
                case let .want(want):
                    if !reading.wants.contains(want) { reading.wants.append(want) }
                case let .describer(word):
                    if !reading.moods.contains(word) { reading.moods.append(word) }
                }
            }
        }
        for want in Self.ruledWants(tokens) where !reading.wants.contains(want) { reading.wants.append(want) }
        if reading.wants.contains(.lost) {
            switch Self.lostThing(in: matched, tokens: tokens) {
            case let .object(word)?: reading.lostObject = word
            case let .creature(word)?: reading.lostCreature = reading.creatures.first { $0.word == word }
            case nil: break
            }
        }
        ThemeDoingReader(tokens: tokens, matches: matched).fill(&reading)
        return reading
    }

    /// The most of a theme read: longer text is cut (a theme is a line, not a page).
    static let maximumScalars = 2_000
    static let maximumTokens = 64

    /// Lower-cased words of letters only; apostrophes vanish ("can't" → "cant") and a possessive 's
    /// goes ("Grandma's" → "grandma": not a plural). Accents, combining marks (zalgo) and invisible
    /// format characters (zero-width spaces, direction marks) are removed first, so "dra\u{200B}gon"
    /// and "d̷r̷a̷g̷o̷n" read as "dragon". Works on Unicode scalars, with a fast path for ASCII.
    static func tokens(_ text: String) -> [String] {
        let head = text.unicodeScalars.prefix(maximumScalars)
        let scalars: [Unicode.Scalar] = head.allSatisfy(\.isASCII)
            ? Array(head)
            : Array(String(String.UnicodeScalarView(head)).decomposedStringWithCanonicalMapping.unicodeScalars)
        var tokens: [String] = []
        var word = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count, tokens.count < maximumTokens {
            let scalar = scalars[index]
            index += 1
            if scalar == "'" || scalar == "’" {
                let next = scalars[safe: index]
                if next == "s" || next == "S", !(scalars[safe: index + 1].map(isLetter) ?? false) { index += 1 }
                continue
            }
            if isLetter(scalar) {
                if scalar.isASCII {
                    word.append(scalar.value < 0x61 ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar)
                } else {
                    word.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                }
            } else if !isIgnorable(scalar), !word.isEmpty {
                tokens.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty, tokens.count < maximumTokens { tokens.append(String(word)) }
        return tokens
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) }
        return scalar.properties.isAlphabetic && !isIgnorable(scalar)
    }

    /// Marks and invisible format characters: dropped without breaking a word.
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .format, .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Up to two describing words right before the match at `position` ("sleepy little dragon").
    private func describers(before position: Int, in matched: [Match]) -> [String] {
        var words: [String] = []
        var cursor = position
        while words.count < 2, cursor > 0 {
            let previous = matched[cursor - 1]
            guard previous.end == matched[cursor].start,
                  let word = previous.roles.lazy.compactMap(\.describerWord).first else { break }
            words.insert(word, at: 0)
            cursor -= 1
        }
        return words
    }

    /// Wants that take more than one word: "can't sleep", "afraid of the dark", "first day", "new school".
    private static func ruledWants(_ tokens: [String]) -> [ThemeWant] {
        let words = Set(tokens)
        var wants: [ThemeWant] = []
        if !words.isDisjoint(with: sleepWords), !words.isDisjoint(with: negations) { wants.append(.sleepless) }
        if !words.isDisjoint(with: darkWords), !words.isDisjoint(with: fearWords) { wants.append(.afraidOfDark) }
        for (index, token) in tokens.enumerated().dropLast() {
            let next = tokens[index + 1]
            if (token == "first" && !notFirstTimes.contains(next)) || (token == "new" && newThings.contains(next)) {
                wants.append(.firstTime)
                break
            }
        }
        return wants
    }

    private enum LostThing { case object(String), creature(String) }

    /// What is lost: the object or creature right after a "lost" word ("lost his bell", "a lost
    /// penguin", "find my cat"), else one just before it ("the bell is missing", "a puppy who got lost").
    /// A person is never the lost thing: "Grandma and the lost bell" loses the bell.
    private static func lostThing(in matched: [Match], tokens: [String]) -> LostThing? {
        for (index, token) in tokens.enumerated() where lostMarkers.contains(token) {
            for match in matched where match.start > index && match.start <= index + 4 {
                if let word = match.roles.lazy.compactMap(\.objectWord).first { return .object(word) }
                if let word = match.roles.lazy.compactMap(\.creatureWord).first { return .creature(word) }
            }
            for match in matched.reversed() where match.end <= index && match.end >= index - 3 {
                if let word = match.roles.lazy.compactMap(\.objectWord).first { return .object(word) }
                if let word = match.roles.lazy.compactMap(\.creatureWord).first { return .creature(word) }
            }
        }
        return nil
    }
}

extension ThemeLexicon.Role {
    var isCreature: Bool { if case .creature = self { true } else { false } }
    var isPerson: Bool { if case .person = self { true } else { false } }
    var isDescriber: Bool { describerWord != nil }
    var describerWord: String? { if case let .describer(word) = self { word } else { nil } }
    var objectWord: String? { if case let .object(word) = self { word } else { nil } }
    var creatureWord: String? { if case let .creature(word, _) = self { word } else { nil } }
    var personWord: String? { if case let .person(word, _) = self { word } else { nil } }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
