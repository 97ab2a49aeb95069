/// Fills `{key}` slots in a sentence template. A template that names a key without a value
/// (a companion line when there is no companion) renders as nil and is skipped, so no slot ever
/// leaks into a story.
struct TemplateRenderer: Sendable {
    var values: [String: String]
    /// The hero's name when the hero has nobody beside them (no companion, no grown-up or other
    /// person of the theme): a sentence that opens with "They" then opens with the hero instead
    /// (a creature met on the way may be beside them, but "Ava thanked the crab" is true either way).
    var soloHero: String?

    init(values: [String: String], soloHero: String? = nil) {
        self.values = values
        self.soloHero = soloHero
    }

    /// A copy with more values (page-specific things, creatures, greetings).
    func adding(_ extra: [String: String]) -> TemplateRenderer {
        TemplateRenderer(values: values.merging(extra) { _, new in new }, soloHero: soloHero)
    }

    /// The sentence with every slot filled and its first letter capitalised, or nil when a slot has no value.
    func render(_ template: String) -> String? {
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[rest.startIndex..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let key = String(rest[rest.index(after: open)..<close])
            guard let value = values[key], !value.isEmpty else { return nil }
            output += value
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        if let soloHero {
            output = Self.alone(output, hero: soloHero)
        }
        return TextTools.capitalisingFirst(TextTools.tidy(output))
    }

    /// "They went beside the rocket" → "Ava went beside the rocket"; "They all laughed together"
    /// → "Ava laughed": a hero alone is never a "they" that reads as a crowd.
    static func alone(_ sentence: String, hero: String) -> String {
        for opening in ["They all ", "They "] where sentence.hasPrefix(opening) {
            let rest = String(sentence.dropFirst(opening.count))
                .replacing(" together", with: "").replacing(" with each other", with: "")
            return "\(hero) \(rest)"
        }
        return sentence
    }
}
