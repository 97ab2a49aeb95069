import DiscordModels
import Foundation
import StoryBot
import StoryDomain

/// The slash commands registered with Discord, built from the bot's ``CommandCatalog`` so
/// that text and slash commands never drift apart.
public enum DiscordCommandSet {
    static let stringOption = 3
    static let integerOption = 4
    static let subcommandOption = 1

    public static var commands: [ApplicationCommand] {
        CommandCatalog.commandNames.map { name in
            let entries = CommandCatalog.entries.filter { $0.command == name }
            if entries.count == 1, entries[0].subcommand == nil {
                return ApplicationCommand(name: name, description: entries[0].summary, options: entries[0].options.map(option),
                                          contexts: [0, 1, 2])
            }
            return ApplicationCommand(
                name: name, description: description(of: name),
                options: entries.map { entry in
                    ApplicationCommand.Option(type: subcommandOption, name: entry.subcommand ?? name, description: entry.summary,
                                              options: entry.options.map(option))
                },
                contexts: [0, 1, 2])
        }
    }

    /// A stable fingerprint of the command set: registration happens only when it changes.
    public static var fingerprint: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(commands)) ?? Data()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16) + "-\(data.count)"
    }

    static func description(of command: String) -> String {
        switch command {
        case "story": "Illustrated bedtime stories for your family"
        default: command
        }
    }

    static func option(_ option: CommandCatalog.Option) -> ApplicationCommand.Option {
        let isNumber = option.range != nil
        return ApplicationCommand.Option(
            type: isNumber ? integerOption : stringOption, name: option.name,
            description: String(option.summary.prefix(100)), required: option.required ? true : nil,
            choices: option.choices.isEmpty ? nil : option.choices.compactMap { code in
                StoryLanguage(rawValue: code).map { ApplicationCommand.Choice(name: $0.displayName, value: code) }
            },
            minValue: option.range?.lowerBound, maxValue: option.range?.upperBound,
            maxLength: isNumber ? nil : option.maxLength, autocomplete: option.autocomplete ? true : nil)
    }
}
