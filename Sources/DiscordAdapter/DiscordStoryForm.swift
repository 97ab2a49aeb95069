import DiscordModels

/// The form `/story new` opens when it is given no options: a modal in Discord's Label form
/// whose answer (``InteractionTranslator/storyFormRequest(_:)``) becomes the same
/// `ChatCommand.storyNew` as typed options, checked the same way.
///
/// At most five Labels: the theme (required), a hero from the family's cast (a select: it
/// cannot take typed text), a typed hero name, the listener's age band, and more of the cast.
/// The cast's two Labels appear only when the family has a cast (more cast: two members or more).
public enum DiscordStoryForm {
    /// The modal's `custom_id`, echoed by its MODAL_SUBMIT.
    public static let customID = "ms:form:story"
    public static let title = "A new bedtime story"

    /// Each input's `custom_id` in the form.
    public enum Field {
        public static let theme = "theme"
        public static let hero = "hero"
        public static let name = "name"
        public static let age = "age"
        public static let moreCast = "more_cast"
    }

    /// The longest theme and hero name, as the typed options allow (``StoryBot/CommandCatalog``).
    static let themeLength = 200
    static let nameLength = 40
    /// A select holds at most 25 options; a checkbox group at most 10.
    static let maxSelectOptions = 25
    static let maxCheckboxOptions = 10
    /// Heroes a story takes from the cast, as `/story new cast:` allows.
    static let maxCastHeroes = 3

    /// The age bands offered, each sent as an age in its band (the story's words follow the band).
    public static let ageBands: [ComponentOption] = [
        ComponentOption(label: "2 to 4", value: "3", description: "Very short sentences, gentle repetition"),
        ComponentOption(label: "5 to 7", value: "6", description: "Short sentences, a few new words"),
        ComponentOption(label: "8 to 12", value: "10", description: "Longer sentences, richer words"),
    ]

    /// The form for a family whose cast is `cast` (member names, in the family's order).
    public static func modal(cast: [String]) -> ModalPayload {
        let members = cast.map { $0.fittingCodePoints(PayloadLimits.choiceName) }
        var labels: [Component] = [
            .label("What is the story about?", description: "For example: a sleepy dragon who lost its hat",
                   .textInput(customID: Field.theme, required: true, minLength: 1, maxLength: themeLength,
                              placeholder: "a sleepy dragon")),
        ]
        if !members.isEmpty {
            labels.append(.label("A hero from your cast", description: "Optional",
                                 .stringSelect(customID: Field.hero, options: options(members.prefix(maxSelectOptions)),
                                               required: false, placeholder: "Choose a hero")))
        }
        labels.append(.label("Or a hero's name", description: "Optional: any name, like Mia",
                             .textInput(customID: Field.name, required: false, maxLength: nameLength, placeholder: "Mia")))
        labels.append(.label("The listener's age", description: "Optional: sets the words and the length",
                             .radioGroup(customID: Field.age, options: ageBands, required: false)))
        if members.count >= 2 {
            let offered = options(members.prefix(maxCheckboxOptions))
            labels.append(.label("More of your cast", description: "Optional: up to three heroes in all",
                                 .checkboxGroup(customID: Field.moreCast, options: offered, minValues: 0,
                                                maxValues: min(maxCastHeroes, offered.count), required: false)))
        }
        return ModalPayload(customID: customID, title: title, components: labels)
    }

    private static func options(_ names: ArraySlice<String>) -> [ComponentOption] {
        names.map { ComponentOption(label: $0, value: $0) }
    }
}
