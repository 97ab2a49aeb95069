import DiscordModels

extension DiscordSimulator {
    /// The guild, channel and user the factories use unless told otherwise.
    public static let defaultGuildID: Snowflake = 1_200_000_000_000_000_001
    public static let defaultChannelID: Snowflake = 1_200_000_000_000_000_050
    public static let defaultUser = User(id: 1_400_000_000_000_000_001, username: "alice", globalName: "Alice")
    /// VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS and ATTACH_FILES.
    public static let defaultPermissions: Permissions = [.viewChannel, .sendMessages, .embedLinks, .attachFiles]

    /// A slash command (`/name [subcommand] options…`) with a fresh id and token. A nil `guildID` makes it a DM
    /// (`user` instead of `member`). Option types follow the values: string 3, integer 4, boolean 5, number 10.
    public func makeSlashCommand(name: String = "story", subcommand: String? = nil, options: [String: JSONValue] = [:],
                                 guildID: Snowflake? = defaultGuildID, channelID: Snowflake = defaultChannelID,
                                 user: User = defaultUser, permissions: Permissions = defaultPermissions,
                                 appPermissions: Permissions = defaultPermissions, entitlements: [Entitlement] = [],
                                 locale: String = "en-US") -> Interaction {
        let values = Self.options(options)
        let data = Interaction.Data(id: identifiers.snowflake(), name: name,
                                    options: subcommand.map { [Interaction.Option(name: $0, type: 1, options: values)] } ?? values)
        return makeInteraction(.applicationCommand, data: data, guildID: guildID, channelID: channelID, user: user,
                               permissions: permissions, appPermissions: appPermissions, entitlements: entitlements,
                               locale: locale)
    }

    /// A button press on `messageID` (a fresh id when nil).
    public func makeButtonPress(customID: String, messageID: Snowflake? = nil, guildID: Snowflake? = defaultGuildID,
                                channelID: Snowflake = defaultChannelID, user: User = defaultUser,
                                permissions: Permissions = defaultPermissions,
                                appPermissions: Permissions = defaultPermissions, entitlements: [Entitlement] = [],
                                locale: String = "en-US") -> Interaction {
        var interaction = makeInteraction(.messageComponent, data: Interaction.Data(customID: customID, componentType: 2),
                                          guildID: guildID, channelID: channelID, user: user, permissions: permissions,
                                          appPermissions: appPermissions, entitlements: entitlements, locale: locale)
        // Discord sends the message the button is on, with the files it holds.
        let held = messageID.flatMap { message(id: $0) }?.attachments.map {
            Interaction.PartialMessage.Attachment(id: $0.id.description, filename: $0.filename, size: $0.data.count)
        }
        interaction.message = Interaction.PartialMessage(id: messageID ?? identifiers.snowflake(), channelID: channelID, attachments: held,
                                                         flags: messageID.flatMap { message(id: $0) }?.flags)
        return interaction
    }

    /// An autocomplete request while the user types `value` into option `focused`.
    public func makeAutocomplete(name: String = "story", subcommand: String? = nil, focused: String, value: String,
                                 options: [String: JSONValue] = [:], guildID: Snowflake? = defaultGuildID,
                                 channelID: Snowflake = defaultChannelID, user: User = defaultUser,
                                 permissions: Permissions = defaultPermissions,
                                 appPermissions: Permissions = defaultPermissions, entitlements: [Entitlement] = [],
                                 locale: String = "en-US") -> Interaction {
        let values = Self.options(options) + [Interaction.Option(name: focused, type: 3, value: .string(value), focused: true)]
        let data = Interaction.Data(id: identifiers.snowflake(), name: name,
                                    options: subcommand.map { [Interaction.Option(name: $0, type: 1, options: values)] } ?? values)
        return makeInteraction(.autocomplete, data: data, guildID: guildID, channelID: channelID, user: user,
                               permissions: permissions, appPermissions: appPermissions, entitlements: entitlements,
                               locale: locale)
    }

    /// An active entitlement to `skuID` for `user`.
    public func makeEntitlement(skuID: Snowflake, user: User = defaultUser, type: Int = 8) -> Entitlement {
        Entitlement(id: identifiers.snowflake(), skuID: skuID, applicationID: configuration.applicationID, userID: user.id,
                    type: type)
    }

    private func makeInteraction(_ type: Interaction.Kind, data: Interaction.Data, guildID: Snowflake?, channelID: Snowflake,
                                 user: User, permissions: Permissions, appPermissions: Permissions,
                                 entitlements: [Entitlement], locale: String) -> Interaction {
        Interaction(id: identifiers.snowflake(), applicationID: configuration.applicationID, type: type, data: data,
                    guildID: guildID, channelID: channelID,
                    member: guildID.map { _ in GuildMember(user: user, roles: [], permissions: permissions) },
                    user: guildID == nil ? user : nil, token: identifiers.token(), appPermissions: appPermissions,
                    locale: locale, entitlements: entitlements)
    }

    private static func options(_ options: [String: JSONValue]) -> [Interaction.Option] {
        options.sorted { $0.key < $1.key }.map { name, value in
            let type = switch value {
            case .int: 4
            case .bool: 5
            case .double: 10
            default: 3
            }
            return Interaction.Option(name: name, type: type, value: value)
        }
    }
}
