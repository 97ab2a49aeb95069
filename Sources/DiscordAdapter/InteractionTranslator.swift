import DiscordModels
import Foundation
import StoryBot
import StoryDomain

/// Reads a Discord interaction as the bot's platform-neutral input: who, where, and what.
public struct InteractionTranslator: Sendable {
    /// What an interaction asks for.
    public enum Request: Sendable, Equatable {
        case input(ChatInput)
        /// Autocomplete for a story or collection option: the option and the text typed so far.
        case autocomplete(SuggestionField, text: String)
        /// Slash command options that did not form a valid command.
        case invalid(CommandParseError)
        /// `/story new` without options: open ``DiscordStoryForm`` (its answer comes as a modal submit).
        case storyForm
        /// Nothing this bot answers (pings, unknown forms, unknown types).
        case ignored
    }

    public init() {}

    public func context(of interaction: Interaction) -> ChatContext? {
        guard let user = interaction.invoker, let channel = interaction.channelID else { return nil }
        let family = FamilyRef(platform: Platform.discord, externalID: GroupDMFamily.externalID(of: interaction, user: user.id))
        let permissions = interaction.member?.permissions
        // In a direct message the person is the only family member there is; in a group DM the
        // grown-up is the person who installed the app on their account.
        let isManager = if let groupDM = GroupDMFamily(interaction) { groupDM.isGrownUp(user.id) } else {
            interaction.guildID == nil || permissions?.contains(.manageGuild) == true || permissions?.contains(.administrator) == true
        }
        return ChatContext(family: family, channelID: String(describing: channel),
                           user: Requester(userID: String(describing: user.id), displayName: interaction.member?.nick ?? user.displayName),
                           isManager: isManager,
                           roleIDs: (interaction.member?.roles ?? []).map { String(describing: $0) },
                           purchases: (interaction.entitlements ?? []).map(purchase))
    }

    /// A Discord entitlement as a store purchase (the service decides which SKUs are premium).
    public func purchase(_ entitlement: Entitlement) -> PurchasedEntitlement {
        PurchasedEntitlement(id: String(describing: entitlement.id), platform: Platform.discord, skuID: String(describing: entitlement.skuID),
                             userID: entitlement.userID.map { String(describing: $0) },
                             familyExternalID: entitlement.guildID.map { String(describing: $0) },
                             endsAt: entitlement.endsAt.flatMap(Self.date), deleted: entitlement.deleted)
    }

    /// Discord's ISO 8601 timestamps, with or without fractional seconds.
    static func date(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    public func request(of interaction: Interaction) -> Request {
        switch interaction.type {
        case .applicationCommand:
            guard let data = interaction.data, let name = data.name else { return .ignored }
            let (subcommand, options) = Self.flatten(data.options ?? [])
            if Self.opensStoryForm(command: name, subcommand: subcommand, options: options) { return .storyForm }
            do {
                return .input(.command(try CommandBuilder.build(command: name, subcommand: subcommand, options: options)))
            } catch {
                return .invalid(error)
            }
        case .messageComponent:
            guard let id = interaction.data?.customID else { return .ignored }
            return .input(.button(id: id))
        case .autocomplete:
            let (_, options) = Self.flatten(interaction.data?.options ?? [], focusedOnly: true)
            let field: SuggestionField = options["collection"] != nil ? .collection
                : interaction.data?.name == "cast" ? .castMember : .story
            return .autocomplete(field, text: options[field.rawValue] ?? "")
        case .modalSubmit:
            return modalRequest(of: interaction)
        default:
            return .ignored
        }
    }

    /// The subcommand's name (if any) and its options as text values.
    static func flatten(_ options: [Interaction.Option], focusedOnly: Bool = false) -> (String?, [String: String]) {
        if let sub = options.first, sub.type == 1 || sub.type == 2 {
            if sub.type == 2, let inner = sub.options?.first {
                return (inner.name, values(inner.options ?? [], focusedOnly: focusedOnly))
            }
            return (sub.name, values(sub.options ?? [], focusedOnly: focusedOnly))
        }
        return (nil, values(options, focusedOnly: focusedOnly))
    }

    static func values(_ options: [Interaction.Option], focusedOnly: Bool) -> [String: String] {
        var values: [String: String] = [:]
        for option in options where !focusedOnly || option.focused == true {
            if let text = option.value?.text { values[option.name] = text }
        }
        return values
    }
}
