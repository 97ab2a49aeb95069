import StoryDomain

/// Turns a beat into one page of text that always fits the age band: every sentence at most
/// `maxWordsPerSentence` words, the page inside `wordsPerPage`, and no sentence used twice in a story.
struct PageComposer {
    let band: AgeBand
    private(set) var used: Set<String> = []
    /// Every sentence told so far, so a description never says again what the story has said.
    private(set) var told: [String] = []

    init(band: AgeBand) { self.band = band }

    /// The words a page aims for; always inside the band.
    private func target(using rng: inout SeededGenerator) -> Int {
        let range: ClosedRange<Int> = switch band {
        case .toddler: 18...28
        case .early: 40...60
        case .older: 72...100
        }
        return Int.random(in: range, using: &rng)
    }

    /// A sentence template of the page (alternatives separated by `|`); a `beat` moves the story
    /// along and may open with a connective ("Soon", "After that,"), a description never does.
    struct Line {
        var template: String
        var beat: Bool
        /// A description or reminder: skipped when it would say again what the story has said.
        var describes: Bool

        init(_ template: String, beat: Bool = false, describes: Bool = false) {
            self.template = template
            self.beat = beat
            self.describes = describes
        }
    }

    /// A group of filler templates and how many of them one page may use before the page is short.
    struct FillerGroup {
        var templates: [String]
        var cap: Int
        /// Its lines are small events ("Mia did a little hop"), which may open with a connective.
        var events = false
    }

    /// Composes a page.
    /// - Parameters:
    ///   - lines: the beat's sentence templates (alternatives separated by `|`).
    ///   - tail: templates that must end the page (a toddler refrain, the final goodnights and
    ///     "asleep" line); their room is reserved before anything else.
    ///   - fillers: filler groups, used in turns up to each group's cap (caps are lifted only if
    ///     the page would otherwise be too short).
    ///   - connectives: whether beats may open with a connective (never on the first page's first
    ///     sentence, nor at bedtime); at most every other sentence has one.
    mutating func compose(lines: [Line], tail: [String], fillers: [FillerGroup],
                          renderer: TemplateRenderer, connectives: Bool, rng: inout SeededGenerator) -> String {
        let limit = band.wordsPerPage.upperBound
        var sentences: [String] = []
        var total = 0

        var tailTexts: [String] = []
        var reserve = 0
        for template in tail {
            if let text = firstFitting(template, renderer: renderer, budget: limit - reserve) {
                tailTexts.append(text)
                used.insert(Self.key(text))
                reserve += TextTools.wordCount(text)
            }
        }

        @discardableResult
        func add(_ template: String, filler: Bool = false, describes: Bool = false) -> Bool {
            guard let text = firstFitting(template, renderer: renderer, budget: limit - reserve - total,
                                          avoiding: describes ? told + sentences : filler ? sentences : []) else { return false }
            sentences.append(text)
            used.insert(Self.key(text))
            total += TextTools.wordCount(text)
            return true
        }

        var previousConnected = true
        /// The template, opening with a connective now and then when it is an event.
        func connectingMaybe(_ template: String, event: Bool) -> (String, Bool) {
            guard connectives, event, !previousConnected, !sentences.isEmpty,
                  rng.next(upperBound: UInt32(100)) < (band == .toddler ? 35 : 50) else { return (template, false) }
            let words = band == .toddler ? OfflineStoryWriter.toddlerConnectives : OfflineStoryWriter.connectives
            let word = words[Int(rng.next(upperBound: UInt32(words.count)))]
            return (template.split(separator: "|").map { Self.connecting(String($0), with: word) }.joined(separator: "|"), true)
        }
        for line in lines {
            let (template, connected) = connectingMaybe(line.template, event: line.beat)
            if add(template, describes: line.describes) { previousConnected = connected }
        }
        let goal = max(target(using: &rng), band.wordsPerPage.lowerBound) - reserve
        var groups = fillers
        var taken = Array(repeating: 0, count: groups.count)
        for respectCaps in [true, false] {
            let minimum = band.wordsPerPage.lowerBound - reserve
            if !respectCaps && total >= minimum { break }
            var progressed = true
            while progressed && total < (respectCaps ? goal : minimum) {
                progressed = false
                for index in groups.indices where total < (respectCaps ? goal : minimum) {
                    guard !respectCaps || taken[index] < groups[index].cap else { continue }
                    while !groups[index].templates.isEmpty {
                        let (template, connected) = connectingMaybe(groups[index].templates.removeFirst(), event: groups[index].events)
                        if add(template, filler: true) {
                            previousConnected = connected
                            taken[index] += 1
                            progressed = true
                            break
                        }
                    }
                }
            }
        }
        told += sentences + tailTexts
        return (sentences + tailTexts).joined(separator: " ")
    }

    /// "Soon {hero} looked behind the coral.": a plain sentence opening with a connective; sounds,
    /// calls, speech, questions and sentences that already open with a time word are left alone.
    static func connecting(_ template: String, with word: String) -> String {
        guard !template.contains("\""), !template.hasSuffix("?"), !OfflineStoryWriter.keepFirst.contains(where: template.hasPrefix),
              !(template.hasPrefix("{") && template.prefix(while: { $0 != "}" }).hasSuffix("Cap")) else { return template }
        let rest = template.hasPrefix("{") ? Substring(template) : template.prefix(1).lowercased() + template.dropFirst()
        return "\(word) \(rest)"
    }

    /// The first alternative that renders, is short enough, fits the remaining budget and is new.
    private func firstFitting(_ template: String, renderer: TemplateRenderer, budget: Int, avoiding page: [String] = []) -> String? {
        for alternative in template.split(separator: "|") {
            guard let text = renderer.render(String(alternative)) else { continue }
            let words = TextTools.wordCount(text)
            if words <= band.maxWordsPerSentence, words <= budget, !used.contains(Self.key(text)),
               !page.contains(where: { Self.echoes(text, $0) }) { return text }
        }
        return nil
    }

    /// Whether a filler would say again what the page already says ("The meadow grass swished
    /// and swayed." after "The long meadow grass swished and swayed, and …"): three or more of
    /// its words of five letters or more are on the page's sentence already.
    static func echoes(_ text: String, _ other: String) -> Bool {
        func words(_ sentence: String) -> Set<Substring> {
            Set(sentence.lowercased().split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 5 })
        }
        return words(text).intersection(words(other)).count >= 3
    }

    /// A sentence without its opening connective, lower-cased: "Soon Mia smiled." and "Mia smiled."
    /// are the same sentence, told once.
    static func key(_ text: String) -> String {
        var rest = Substring(text)
        for word in OfflineStoryWriter.connectives where rest.hasPrefix(word + " ") {
            rest = rest.dropFirst(word.count + 1)
            break
        }
        return rest.lowercased()
    }
}
