import Foundation
import StoryDomain

/// Builds a ``ChatCommand`` from a catalog entry and named option values: shared by the text
/// parser and by platforms that send structured options (Discord).
public enum CommandBuilder {
    public static func build(command: String, subcommand: String?, options: [String: String]) throws(CommandParseError) -> ChatCommand {
        guard let entry = CommandCatalog.entry(command: command, subcommand: subcommand) else {
            if CommandCatalog.commandNames.contains(command) {
                throw .unknownSubcommand(command: command, given: subcommand, expected: CommandCatalog.subcommands(of: command))
            }
            throw .unknownCommand(String(command.prefix(32)))
        }
        return try build(entry, options: options)
    }

    static func build(_ entry: CommandCatalog.Entry, options: [String: String]) throws(CommandParseError) -> ChatCommand {
        let label = [entry.command, entry.subcommand].compactMap { $0 }.joined(separator: " ")
        for name in options.keys where !entry.options.contains(where: { $0.name == name }) {
            throw .unknownOption(command: label, option: String(name.prefix(20)), expected: entry.options.map(\.name))
        }
        for option in entry.options where option.required && (options[option.name] ?? "").isEmpty {
            throw .missingValue(option: option.name)
        }
        switch (entry.command, entry.subcommand) {
        case ("story", "new"):
            return .storyNew(StoryRequestDraft(theme: options["theme"], heroName: options["name"], age: options["age"],
                                               companion: options["companion"], pages: options["pages"],
                                               language: options["language"]))
        case ("story", "library"):
            let page = options["page"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1
            return .storyLibrary(page: max(1, min(page, 1000)))
        case ("story", "read"):
            return .storyRead(story: options["story"] ?? "")
        case ("story", "delete"):
            return .storyDelete(story: options["story"] ?? "")
        default:
            return .help
        }
    }
}
