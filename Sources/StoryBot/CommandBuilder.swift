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

    /// An id from a mention (`<@123>`, `<@&456>`) or a bare id; nil when empty.
    static func mentionID(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let trimmed = raw.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "<@!&>")))
        return trimmed.isEmpty ? nil : String(trimmed.prefix(64))
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
                                               language: options["language"], cast: options["cast"],
                                               pronouns: options["pronouns"]))
        case ("story", "continue"):
            return .storyContinue(story: options["story"] ?? "")
        case ("story", "library"):
            let page = options["page"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1
            return .storyLibrary(page: max(1, min(page, 1000)))
        case ("story", "read"):
            return .storyRead(story: options["story"] ?? "")
        case ("story", "book"):
            var format = BookFormat.pdf
            if let raw = options["format"], !raw.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let parsed = BookFormat(parsing: raw) else { throw .badValue(option: "format", hint: "`pdf` or `epub`") }
                format = parsed
            }
            return .storyBook(story: options["story"] ?? "", format: format)
        case ("story", "listen"):
            return .storyListen(story: options["story"] ?? "", page: options["page"].flatMap { $0.isEmpty ? nil : $0 })
        case ("story", "delete"):
            return .storyDelete(story: options["story"] ?? "")
        case ("collection", "new"):
            return .collectionNew(CollectionDraft(goal: options["goal"] ?? "", heroName: options["name"], age: options["age"],
                                                  stories: options["stories"], companion: options["companion"],
                                                  language: options["language"], cast: options["cast"],
                                                  pronouns: options["pronouns"]))
        case ("collection", "list"):
            return .collectionList
        case ("collection", "show"):
            return .collectionShow(collection: options["collection"] ?? "")
        case ("collection", "delete"):
            return .collectionDelete(collection: options["collection"] ?? "")
        case ("premium", let sub?):
            let target = PremiumTargetInput(userID: mentionID(options["user"]), serverID: mentionID(options["server"]))
            let reason = options["reason"].flatMap { $0.isEmpty ? nil : $0 }
            switch sub {
            case "grant":
                var days: Int?
                if let raw = options["days"]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty {
                    guard let value = Int(raw.prefix(6)), (1...3650).contains(value) else { throw .badValue(option: "days", hint: "a number of days from 1 to 3650") }
                    days = value
                }
                return .premiumGrant(target, days: days, reason: reason)
            case "revoke": return .premiumRevoke(target, reason: reason)
            case "usage": return .premiumUsage(days: try Self.usageDays(options["days"]))
            default: return .premiumStatus(target)
            }
        case ("settings", "show"):
            return .settingsShow
        case ("settings", "set"):
            return .settingsSet(SettingsChange(maxPages: options["max_pages"], languages: options["languages"], avoid: options["avoid"],
                                               illustrations: options["illustrations"], requesters: options["requesters"],
                                               roleID: mentionID(options["role"]), timeZone: options["timezone"],
                                               audience: options["audience"], windDown: options["wind_down"],
                                               grownups: options["grownups"], grownupRoleID: mentionID(options["grownup_role"]),
                                               approval: options["approval"]))
        case ("settings", "forget"):
            return .settingsForget
        case ("family", "members"):
            return .familyMembers
        case ("family", "invite"):
            var role = RoomRole.child
            if let raw = options["role"], !raw.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let parsed = RoomRole(parsing: raw) else { throw .badValue(option: "role", hint: "`grown-up` or `child`") }
                role = parsed
            }
            return .familyInvite(role: role, expires: options["expires"], uses: options["uses"])
        case ("family", "invites"):
            return .familyInvites
        case ("family", "revoke"):
            guard let raw = options["invite"]?.trimmingCharacters(in: .whitespaces).trimmingPrefix("#"), let id = Int64(raw.prefix(12)),
                  id > 0
            else { throw .badValue(option: "invite", hint: "a link's number from `/family invites`, e.g. `/family revoke 3`") }
            return .familyRevoke(invite: id)
        case ("cast", "add"):
            return .castAdd(name: options["name"] ?? "", kind: options["kind"] ?? "", age: options["age"], look: options["look"],
                            pronouns: options["pronouns"], avoid: options["avoid"])
        case ("cast", "list"):
            return .castList
        case ("cast", "show"):
            return .castShow(name: options["name"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        case ("cast", "edit"):
            return .castEdit(name: options["name"] ?? "", kind: options["kind"], age: options["age"], look: options["look"],
                             pronouns: options["pronouns"], avoid: options["avoid"])
        case ("cast", "remove"):
            return .castRemove(name: options["name"] ?? "")
        case ("family", "remove"):
            return .familyRemove(member: options["member"] ?? "")
        case ("family", "signout"):
            return .familySignOut
        case ("bedtime", "set"):
            let typed = BedtimeScheduleRules.Typed(time: options["time"] ?? "", days: options["days"], story: options["story"],
                                                   theme: options["theme"])
            return .bedtimeSet(typed, where: options["where"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        case ("bedtime", "show"):
            return .bedtimeShow
        case ("bedtime", "off"):
            return .bedtimeOff(which: options["which"] ?? "")
        default:
            let topic = (options["topic"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            if topic.isEmpty { return .help }
            guard ["more", "all", "everything"].contains(topic) else { throw .badValue(option: "topic", hint: "`more`, e.g. `/help more`") }
            return .helpMore
        }
    }
}
