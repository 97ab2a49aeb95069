import Foundation

/// One short sentence saying what a page's picture shows, for people who cannot see it (the
/// picture's alt text): who is there, what they do, where and when ("Leo and Biscuit the dog walk
/// through the forest at sunset."). Derived when a page is shown from what is already stored with
/// it: the built-in writer's scene, or a model writer's picture prompt (already cleaned of names
/// and screened), with the roles given back their names. Never family text beyond names.
public enum PageMoment {
    /// How the built-in writer's picture prompts begin; other prompts are a model's own words.
    public static let builtInPromptOpening = "A gentle picture-book illustration."
    /// The longest description; a longer one is cut at a word.
    public static let maxCharacters = 220

    /// The page's picture described, from its scene or picture prompt and the story's sheet.
    public static func altText(scene: PageScene, imagePrompt: String, sheet: CharacterSheet) -> String {
        if !imagePrompt.hasPrefix(builtInPromptOpening), let told = fromPrompt(imagePrompt, sheet: sheet) { return told }
        return fromScene(scene, sheet: sheet)
    }

    /// The stored page's picture described (nil before the story's sheet exists).
    public static func altText(of page: StoryPage, in story: Story) -> String? {
        story.sheet.map { altText(scene: page.scene, imagePrompt: page.imagePrompt, sheet: $0) }
    }

    // MARK: The built-in writer's scene

    static func fromScene(_ scene: PageScene, sheet: CharacterSheet) -> String {
        var who = [called(sheet.hero)] + sheet.friends.map(called)
        if let companion = sheet.companion, !scene.companionAway { who.append(called(companion)) }
        let many = who.count > 1
        var sentence = listed(who) + " " + doing(scene, many: many)
        sentence += " " + whereAbouts(scene.place ?? sheet.setting)
        sentence += " " + when(scene.timeOfDay)
        let others = scene.others.prefix(2).map { $0 == .grownUp ? "a grown-up" : withArticle($0.rawValue) }
        if !others.isEmpty { sentence += ", with \(listed(others)) nearby" }
        return capitalised(sentence) + "."
    }

    /// "Leo", "Biscuit the dog", "the sleepy dragon".
    static func called(_ design: CharacterDesign) -> String {
        let name = design.name.trimmingCharacters(in: .whitespaces)
        guard ![.child, .grownUp].contains(design.kind) else { return name }
        let kind = design.kind.rawValue
        if name.isEmpty { return "a \(kind)" }
        if name.lowercased().hasPrefix("the ") || name.lowercased().contains(kind) { return name }
        return "\(name) the \(kind)"
    }

    private static func doing(_ scene: PageScene, many: Bool) -> String {
        let focus = scene.focus.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        func verb(_ one: String, _ more: String) -> String { many ? more : one }
        switch scene.action {
        case .standing: return verb("stands", "stand together") + (focus.map { " by \($0)" } ?? "")
        case .walking: return verb("walks", "walk along") + (focus.map { " towards \($0)" } ?? "")
        case .discovering: return focus.map { verb("finds", "find") + " \($0)" } ?? verb("discovers something", "discover something")
        case .helping: return verb("helps", "help") + (focus.map { " with \($0)" } ?? " a friend")
        case .playing: return verb("plays", "play together") + (focus.map { " with \($0)" } ?? "")
        case .hugging: return verb("shares a hug", "share a hug")
        case .resting: return verb("rests", "rest") + (focus.map { " beside \($0)" } ?? "")
        case .sleeping: return verb("sleeps", "sleep") + " soundly" + (focus.map { " in \($0)" } ?? "")
        case .making: return verb("makes", "make") + " " + (focus ?? "something")
        case .racing: return verb("races", "race") + (focus.map { " towards \($0)" } ?? "")
        case .riding: return verb("rides", "ride") + (focus.map { " in \($0)" } ?? " along")
        case .flying: return verb("flies", "fly") + (focus.map { " over \($0)" } ?? " high up")
        case .celebrating: return verb("celebrates", "celebrate") + (focus.map { " with \($0)" } ?? "")
        }
    }

    private static func whereAbouts(_ setting: StorySetting) -> String {
        switch setting {
        case .forest: "in the forest"
        case .seaside: "by the sea"
        case .space: "in space"
        case .castle: "at a castle"
        case .meadow: "in a meadow"
        case .mountains: "in the mountains"
        case .garden: "in a garden"
        case .town: "in town"
        case .underwater: "under the sea"
        case .jungle: "in the jungle"
        case .snow: "in the snow"
        case .farm: "on a farm"
        case .home: "at home"
        case .school: "at school"
        case .river: "by the river"
        case .library: "in the library"
        }
    }

    private static func when(_ time: TimeOfDay) -> String {
        switch time {
        case .morning: "in the morning"
        case .afternoon: "in the afternoon"
        case .goldenHour: "in the golden evening light"
        case .sunset: "at sunset"
        case .dusk: "at dusk"
        case .night: "at night"
        }
    }

    // MARK: A model's picture prompt

    /// The prompt's first sentence with "the hero", "the companion"… named again; nil when nothing is left.
    static func fromPrompt(_ prompt: String, sheet: CharacterSheet) -> String? {
        var roles: [(String, String)] = []
        for (index, friend) in sheet.friends.prefix(2).enumerated() {
            roles.append((index == 0 ? "the second hero" : "the third hero", called(friend)))
        }
        roles.append(("the hero", called(sheet.hero)))
        if let companion = sheet.companion { roles.append(("the companion", called(companion))) }
        var text = prompt.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        if let end = text.range(of: ". ") { text = String(text[..<end.lowerBound]) }
        for (role, name) in roles {
            text = text.replacingOccurrences(of: "\\b\(role)\\b", with: NSRegularExpression.escapedTemplate(for: name),
                                             options: [.regularExpression, .caseInsensitive])
        }
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: " .,;:!").union(.whitespacesAndNewlines))
        guard text.count >= 3 else { return nil }
        if text.count > maxCharacters {
            let cut = text.prefix(maxCharacters)
            text = String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
            text = text.trimmingCharacters(in: CharacterSet(charactersIn: " ,;:"))
        }
        return capitalised(text) + "."
    }

    // MARK: Words

    static func listed(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    private static func withArticle(_ word: String) -> String {
        ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }

    private static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
