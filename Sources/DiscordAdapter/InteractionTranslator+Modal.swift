import DiscordModels
import Foundation
import StoryBot

/// Forms: `/story new` without options opens ``DiscordStoryForm``; its MODAL_SUBMIT is read
/// as the options it stands for and built by ``CommandBuilder`` exactly like typed options, so
/// its checks and (private) refusals are the same.
extension InteractionTranslator {
    /// Whether a slash command asks for a form: `/story new` given no options at all.
    static func opensStoryForm(command: String, subcommand: String?, options: [String: String]) -> Bool {
        command == "story" && subcommand == "new" && options.isEmpty
    }

    /// A MODAL_SUBMIT as a request: a known form's answers as a command; anything else ignored.
    func modalRequest(of interaction: Interaction) -> Request {
        guard let data = interaction.data, data.customID == DiscordStoryForm.customID else { return .ignored }
        do {
            return .input(.command(try CommandBuilder.build(command: "story", subcommand: "new",
                                                            options: Self.storyOptions(from: data.components ?? []))))
        } catch {
            return .invalid(error)
        }
    }

    /// The story form's answers as `/story new` options: the theme, the typed name, the age
    /// band's age, and the cast (the chosen hero first, then the others ticked, each once).
    static func storyOptions(from components: [Component]) -> [String: String] {
        let answers = submittedValues(components)
        let field = DiscordStoryForm.Field.self
        var options: [String: String] = [:]
        for (option, key) in [("theme", field.theme), ("name", field.name), ("age", field.age)] {
            if let value = answers[key]?.first, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { options[option] = value }
        }
        var cast: [String] = []
        for name in (answers[field.hero] ?? []) + (answers[field.moreCast] ?? []) where !name.isEmpty && !cast.contains(name) {
            cast.append(name)
        }
        if !cast.isEmpty { options["cast"] = cast.joined(separator: ",") }
        return options
    }

    /// Each input's answers by `custom_id`: a text input's or radio group's `value`, a select's,
    /// checkbox group's or file upload's `values`. Reads Labels (the current form) and action
    /// rows (the legacy form).
    static func submittedValues(_ components: [Component]) -> [String: [String]] {
        var answers: [String: [String]] = [:]
        for component in components {
            let inputs = component.child.map { [$0] } ?? component.components ?? [component]
            for input in inputs {
                guard let id = input.customID else { continue }
                answers[id] = input.values ?? input.value.map { [$0] } ?? []
            }
        }
        return answers
    }
}
