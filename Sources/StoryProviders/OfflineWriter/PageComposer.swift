import StoryDomain

/// Turns a beat into one page of text that always fits the age band: every sentence at most
/// `maxWordsPerSentence` words, the page inside `wordsPerPage`, and no sentence used twice in a story.
struct PageComposer {
    let band: AgeBand
    private(set) var used: Set<String> = []

    init(band: AgeBand) { self.band = band }

    /// The words a page aims for; always inside the band.
    private func target(using rng: inout SeededGenerator) -> Int {
        let range: ClosedRange<Int> = switch band {
        case .toddler: 18...30
        case .early: 42...64
        case .older: 80...110
        }
        return Int.random(in: range, using: &rng)
    }

    /// A group of filler templates and how many of them one page may use before the page is short.
    struct FillerGroup {
        var templates: [String]
        var cap: Int
    }

    /// Composes a page.
    /// - Parameters:
    ///   - lines: the beat's sentence templates (alternatives separated by `|`).
    ///   - tail: templates that must end the page (a toddler refrain, the final goodnights and
    ///     "asleep" line); their room is reserved before anything else.
    ///   - fillers: filler groups, used in turns up to each group's cap (caps are lifted only if
    ///     the page would otherwise be too short).
    mutating func compose(lines: [String], tail: [String], fillers: [FillerGroup],
                          renderer: TemplateRenderer, rng: inout SeededGenerator) -> String {
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
        func add(_ template: String) -> Bool {
            guard let text = firstFitting(template, renderer: renderer, budget: limit - reserve - total) else { return false }
            sentences.append(text)
            used.insert(Self.key(text))
            total += TextTools.wordCount(text)
            return true
        }

        for line in lines { add(line) }
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
                        let template = groups[index].templates.removeFirst()
                        if add(template) {
                            taken[index] += 1
                            progressed = true
                            break
                        }
                    }
                }
            }
        }
        return (sentences + tailTexts).joined(separator: " ")
    }

    /// The first alternative that renders, is short enough, fits the remaining budget and is new.
    private func firstFitting(_ template: String, renderer: TemplateRenderer, budget: Int) -> String? {
        for alternative in template.split(separator: "|") {
            guard let text = renderer.render(String(alternative)) else { continue }
            let words = TextTools.wordCount(text)
            if words <= band.maxWordsPerSentence, words <= budget, !used.contains(Self.key(text)) { return text }
        }
        return nil
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
