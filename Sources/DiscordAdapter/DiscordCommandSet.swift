import DiscordModels
import Foundation
import StoryBot
import StoryDomain

/// The slash commands registered with Discord, built from the bot's ``CommandCatalog`` so
/// that text and slash commands never drift apart.
public enum DiscordCommandSet {
    static let stringOption = 3
    static let integerOption = 4
    static let userOption = 6
    static let roleOption = 8
    static let subcommandOption = 1
    /// MANAGE_GUILD, as a permission bit set.
    static let manageGuild = "32"
    /// `contexts`: a server (0), the bot's DM (1), a private channel such as a group DM (2).
    static let everywhere = [0, 1, 2]
    /// `integration_types`: installed on a server (0), installed on a user's account (1).
    static let guildInstall = 0
    static let userInstall = 1

    public static var commands: [ApplicationCommand] {
        CommandCatalog.commandNames.compactMap { name in
            // `/family` belongs to the web chat's rooms: Discord servers have their own members.
            let entries = CommandCatalog.entries.filter { $0.command == name && !$0.webChatOnly }
            guard !entries.isEmpty else { return nil }
            // Hidden from members who could not use them; the router checks again on every use.
            // Everywhere the app can be used: servers, the bot's DM and group DMs (where a user
            // installed it on their account; the installing user is the family's grown-up there).
            let (permissions, contexts): (String?, [Int]) = switch entries[0].access {
            case .everyone: (nil, everywhere)
            case .managers: (manageGuild, everywhere)
            // Members of the role the managers chose must see it too: in servers, for everyone.
            case .grownUps: (nil, everywhere)
            case .botAdmins: ("0", [0])
            }
            let installs = entries[0].access == .botAdmins ? [guildInstall] : [guildInstall, userInstall]
            if entries.count == 1, entries[0].subcommand == nil {
                return ApplicationCommand(name: name, description: entries[0].summary, options: registered(entries[0].options),
                                          defaultMemberPermissions: permissions, contexts: contexts, integrationTypes: installs)
            }
            return ApplicationCommand(
                name: name, description: description(of: name),
                options: entries.map { entry in
                    ApplicationCommand.Option(type: subcommandOption, name: entry.subcommand ?? name, description: entry.summary,
                                              options: registered(entry.options, of: "\(name) \(entry.subcommand ?? name)"))
                },
                defaultMemberPermissions: permissions, contexts: contexts, integrationTypes: installs)
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
        case "collection": "Growth Collections: a series of stories toward a goal"
        case "cast": "Your family's own characters, the heroes of its stories"
        case "premium": "Bot admins: premium for users and servers"
        case "settings": "Server managers: parental controls"
        case "bedtime": "Server managers: tonight's story arrives at bedtime"
        default: command
        }
    }

    /// The options Discord is told of: typed-only ones (`/help more`) stay out, so the registered
    /// set does not change for them.
    static func registered(_ options: [CommandCatalog.Option], of command: String = "") -> [ApplicationCommand.Option] {
        options.filter { !$0.typedOnly }.map { entry in
            var registered = option(entry)
            if optionalOnDiscord.contains("\(command) \(entry.name)") { registered.required = nil }
            return registered
        }
    }

    /// Options Discord is told are optional although typed commands need them: `/story new`
    /// without a theme opens its form (``DiscordStoryForm``), which asks for one.
    static let optionalOnDiscord: Set<String> = ["story new theme"]

    static func option(_ option: CommandCatalog.Option) -> ApplicationCommand.Option {
        let type = switch option.kind {
        case .text: stringOption
        case .integer: integerOption
        case .user: userOption
        case .role: roleOption
        }
        return ApplicationCommand.Option(
            type: type, name: option.name,
            description: option.summary.fittingCodePoints(100), required: option.required ? true : nil,
            choices: option.choices.isEmpty ? nil : option.choices.map { ApplicationCommand.Choice(name: $0.name, value: $0.value) },
            minValue: option.range?.lowerBound, maxValue: option.range?.upperBound,
            maxLength: option.kind == .text ? option.maxLength : nil, autocomplete: option.autocomplete ? true : nil)
    }
}
