import Foundation
import StoryDomain

/// Keeps the family's words out of a picture prompt that a model wrote for a page. The hero's and
/// companion's names become "the hero" and "the companion" (the character sheet describes both by
/// their looks); a prompt that repeats a run of the theme's words, or of a long name's words, is
/// not used at all, and ``sceneOnly(_:)`` describes the page from the sheet and scene instead.
public struct PicturePromptGuard: Sendable {
    /// A name's words (lower-cased) and the role that replaces them.
    private struct Name: Sendable {
        var words: [String]
        var role: String
        /// The name's capitalised words ("Mia" of "Mia Rose"), replaced wherever they appear capitalised.
        var properWords: Set<String>
        /// Marks before the first word and after the last (`"}` of `…a knife"}`), taken out with the name.
        var leading: String
        var trailing: String
    }

    /// The most characters a model's prompt may keep; a longer one is cut at a space.
    public static let maxCharacters = 600
    /// Consecutive words of the theme that count as repeating it.
    static let themeRun = 4
    /// Consecutive words of a long name that count as repeating it.
    static let nameRun = 3

    private let names: [Name]
    /// Word sequences a prompt must not repeat a run of (the theme, long names), with the run length.
    private let echoes: [(words: [String], run: Int)]
    private let sheet: CharacterSheet

    private static let smallWords: Set<String> = ["a", "an", "the", "and", "of", "in", "on", "to", "with", "my", "our", "s"]

    /// A guard for the names on `sheet` and, when known, the request's own names and theme.
    public init(sheet: CharacterSheet, request: StoryRequest? = nil) {
        self.sheet = sheet
        var names: [Name] = []
        func add(_ text: String?, role: String) {
            guard let text else { return }
            let words = Self.words(in: text).map { $0.lowercased() }
            // A one-letter or filler "name" would replace ordinary words.
            guard words.joined().count >= 2, !(words.count == 1 && Self.smallWords.contains(words[0])) else { return }
            let proper = Set(Self.words(in: text).filter { $0.count >= 2 && ($0.first?.isUppercase ?? false) }.map(String.init))
            let ranges = Self.wordRanges(in: text)
            let leading = ranges.first.map { String(text[..<$0.lowerBound]) } ?? ""
            let trailing = ranges.last.map { String(text[$0.upperBound...]) } ?? ""
            names.append(Name(words: words, role: role, properWords: proper,
                              leading: leading.trimmingCharacters(in: .whitespacesAndNewlines),
                              trailing: trailing.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        add(sheet.hero.name, role: "the hero")
        add(request?.heroName, role: "the hero")
        add(sheet.companion?.name, role: "the companion")
        add(request?.companion, role: "the companion")
        for (index, friend) in sheet.friends.enumerated() { add(friend.name, role: index == 0 ? "the second hero" : "the third hero") }
        // Longest first, so "Mia Rose" is replaced before "Mia".
        self.names = names.sorted { $0.words.count > $1.words.count }
        var echoes = names.filter { $0.words.count >= Self.nameRun }.map { ($0.words, Self.nameRun) }
        if let theme = request?.theme {
            let words = Self.words(in: theme).map { $0.lowercased() }
            if words.count >= 2 { echoes.append((words, min(Self.themeRun, words.count))) }
        }
        self.echoes = echoes
    }

    /// The model's prompt with every name replaced by its role, or nil when it is empty or
    /// repeats the theme or a long name.
    public func clean(_ prompt: String) -> String? {
        var text = prompt.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        if text.count > Self.maxCharacters {
            let cut = text.prefix(Self.maxCharacters)
            text = String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
        }
        // Whole names first; what is left must not repeat the theme or part of a long name.
        text = replacingNames(in: text, wholeOnly: true)
        let lowered = Self.wordRanges(in: text).map { text[$0].lowercased() }
        for echo in echoes where Self.sharesRun(lowered, echo.words, length: echo.run) { return nil }
        return replacingNames(in: text, wholeOnly: false)
    }

    /// The page told from the sheet and the scene alone: what to draw when a model's prompt cannot be used.
    public func sceneOnly(_ scene: PageScene) -> String {
        var heroes = ["the hero"] + ["the second hero", "the third hero"].prefix(sheet.friends.count)
        if sheet.companion != nil { heroes.append("the companion") }
        let who = heroes.count == 1 ? heroes[0] : heroes.dropLast().joined(separator: ", ") + " and " + heroes[heroes.count - 1]
        return "\(who), \(scene.action.pictureWords()), in \(sheet.settingDescription)"
    }

    /// One pass over the words: a whole name (longest first, with the marks around it) becomes its
    /// role; unless `wholeOnly`, so does a name's capitalised word on its own.
    private func replacingNames(in text: String, wholeOnly: Bool) -> String {
        let ranges = Self.wordRanges(in: text)
        let lowered = ranges.map { text[$0].lowercased() }
        var replacements: [(range: Range<String.Index>, role: String)] = []
        var index = 0
        while index < ranges.count {
            if let name = names.first(where: { name in
                index + name.words.count <= lowered.count
                    && Array(lowered[index..<(index + name.words.count)]) == name.words
            }) {
                let last = index + name.words.count - 1
                var range = ranges[index].lowerBound..<ranges[last].upperBound
                if !name.trailing.isEmpty, text[range.upperBound...].hasPrefix(name.trailing) {
                    range = range.lowerBound..<text.index(range.upperBound, offsetBy: name.trailing.count)
                }
                if !name.leading.isEmpty, text[..<range.lowerBound].hasSuffix(name.leading) {
                    range = text.index(range.lowerBound, offsetBy: -name.leading.count)..<range.upperBound
                }
                if let previous = replacements.last, previous.range.upperBound > range.lowerBound {
                    range = previous.range.upperBound..<range.upperBound
                }
                replacements.append((range, name.role))
                index = last + 1
                continue
            }
            if !wholeOnly, let name = names.first(where: { $0.properWords.contains(String(text[ranges[index]])) }) {
                replacements.append((ranges[index], name.role))
            }
            index += 1
        }
        var output = text
        for replacement in replacements.reversed() { output.replaceSubrange(replacement.range, with: replacement.role) }
        return output
    }

    // MARK: - Words

    /// Runs of letters and digits.
    static func words(in text: String) -> [Substring] {
        wordRanges(in: text).map { text[$0] }
    }

    private static func wordRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let isWord = character.isLetter || character.isNumber
            if isWord, start == nil { start = index }
            if !isWord, let begun = start {
                ranges.append(begun..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let begun = start { ranges.append(begun..<text.endIndex) }
        return ranges
    }

    /// Where `needle` first occurs as consecutive words of `words`.
    private static func firstRun(of needle: [String], in words: [String]) -> Int? {
        guard !needle.isEmpty, needle.count <= words.count else { return nil }
        return (0...(words.count - needle.count)).first { Array(words[$0..<($0 + needle.count)]) == needle }
    }

    /// Whether any `length` consecutive words of `source` occur consecutively in `words`.
    private static func sharesRun(_ words: [String], _ source: [String], length: Int) -> Bool {
        guard length > 0, source.count >= length else { return false }
        return (0...(source.count - length)).contains { firstRun(of: Array(source[$0..<($0 + length)]), in: words) != nil }
    }

}
