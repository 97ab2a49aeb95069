import DiscordModels
import Foundation

extension DiscordSimulator {
    /// Opens a group DM (a private channel without a server, type 3) of `members`, where the app
    /// is present only because `installer` added it to their account: interactions there carry
    /// `context` 2 and `authorizing_integration_owners` `{"1": installer}`, and the bot's channel
    /// posts and edits there are refused (403 `50001`), as Discord does.
    public func openGroupDM(members: [User]) -> Snowflake {
        let channel = identifiers.snowflake()
        store.update { $0.userInstalls.groupDMs[channel] = members }
        return channel
    }

    /// `/name [subcommand] options…` used by `user` in the group DM `channelID`, through `installer`'s user install.
    public func makeGroupDMCommand(name: String = "story", subcommand: String? = nil, options: [String: JSONValue] = [:],
                                   channelID: Snowflake, user: User, installer: User, entitlements: [Entitlement] = []) -> Interaction {
        var interaction = makeSlashCommand(name: name, subcommand: subcommand, options: options, guildID: nil, channelID: channelID,
                                           user: user, entitlements: entitlements)
        Self.userInstalled(&interaction, by: installer)
        return interaction
    }

    /// A button press by `user` on `messageID` in the group DM `channelID`, through `installer`'s user install.
    public func makeGroupDMButtonPress(customID: String, messageID: Snowflake, channelID: Snowflake, user: User,
                                       installer: User, entitlements: [Entitlement] = []) -> Interaction {
        var interaction = makeButtonPress(customID: customID, messageID: messageID, guildID: nil, channelID: channelID, user: user,
                                          entitlements: entitlements)
        Self.userInstalled(&interaction, by: installer)
        return interaction
    }

    private static func userInstalled(_ interaction: inout Interaction, by installer: User) {
        interaction.context = Interaction.Context.privateChannel.rawValue
        interaction.authorizingIntegrationOwners = [Interaction.userInstall: installer.id]
    }

    /// The application's emojis, in upload order.
    public func appEmojis() -> [ApplicationEmoji] { store.read { $0.appEmojis.emojis } }

    /// How many application emojis were uploaded (accepted `POST /applications/{id}/emojis`).
    public func appEmojiUploadCount() -> Int { store.read { $0.appEmojis.uploads.count } }

    /// The image bytes uploaded for the emoji named `name`.
    public func appEmojiImage(named name: String) -> Data? { store.read { $0.appEmojis.uploads.first { $0.name == name }?.image } }

    /// Adds emojis the application already has (as if uploaded before), e.g. to fill it to the limit.
    public func addAppEmojis(named names: [String]) {
        store.update { store in
            for name in names { store.appEmojis.emojis.append(ApplicationEmoji(id: identifiers.snowflake(), name: name)) }
        }
    }
}
