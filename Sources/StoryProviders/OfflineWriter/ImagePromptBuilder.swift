import StoryDomain

/// Describes a page for an image model: the same character descriptions on every page, the
/// setting, the light and what is happening. Uses only the sheet's generated looks, never family text.
struct ImagePromptBuilder: Sendable {
    let sheet: CharacterSheet

    func prompt(for scene: PageScene) -> String {
        var cast = TextTools.capitalisingFirst(sheet.hero.looks)
        if let companion = sheet.companion, !scene.companionAway {
            cast += ", together with \(companion.looks)"
        }
        var parts = [
            "\(PageMoment.builtInPromptOpening) \(cast), \(scene.action.pictureWords()).",
            "Setting: \(scene.place == .home ? "a cosy bedroom at home" : sheet.settingDescription), \(light(scene.timeOfDay)).",
        ]
        if let focus = scene.focus { parts.append("In focus: \(focus).") }
        let others = scene.others.map { $0 == .grownUp ? "a kind grown-up" : TextTools.withArticle($0.rawValue) }
        if !others.isEmpty { parts.append("Also in the picture: \(others.joined(separator: " and ")).") }
        parts.append("Soft storybook watercolour, gentle, for young children; warm, calm colours, no text.")
        return parts.joined(separator: " ")
    }


    private func light(_ time: TimeOfDay) -> String {
        switch time {
        case .morning: "in fresh morning light"
        case .afternoon: "on a warm, sunny afternoon"
        case .goldenHour: "in soft golden late-afternoon light"
        case .sunset: "at sunset, under a pink and orange sky"
        case .dusk: "at dusk, under a deep blue sky with the first stars"
        case .night: "at night, lit by soft moonlight and a warm lamp"
        }
    }
}
