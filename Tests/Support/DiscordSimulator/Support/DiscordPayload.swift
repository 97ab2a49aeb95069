import DiscordModels

/// A payload encoded as the bot's model encodes it, plus fields Discord also sends that this
/// bot never reads (so that other Discord libraries, such as the discord.py reference bot the
/// load benchmark can run, find what they require).
struct DiscordPayload<Base: Encodable & Sendable>: Encodable, Sendable {
    let base: Base
    let extra: [(key: String, value: any Encodable & Sendable)]

    func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: FieldName.self)
        for field in extra { try container.encode(field.value, forKey: FieldName(field.key)) }
    }

    private struct FieldName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension DiscordPayload where Base == Interaction {
    /// `INTERACTION_CREATE` as Discord sends it: with `version`, `context`, the attachment size
    /// limit and, for a component, the whole message it is on (when the simulator stored it).
    init(interaction: Interaction, message: MessageObject?, maxFileSize: Int) {
        var base = interaction
        var extra: [(key: String, value: any Encodable & Sendable)] = [
            ("version", 1),
            ("attachment_size_limit", maxFileSize),
        ]
        // A server or the bot's DM through the server install, unless the interaction names its own
        // (a user install's group DM): written once, never twice in one object.
        if interaction.context == nil { extra.append(("context", interaction.guildID == nil ? 1 : 0)) }
        if interaction.authorizingIntegrationOwners == nil {
            extra.append(("authorizing_integration_owners", ["0": interaction.guildID?.description ?? "0"]))
        }
        if var member = interaction.member {
            base.member = nil
            member.roles = member.roles ?? []
            extra.append(("member", DiscordPayload<GuildMember>(base: member, extra: [
                ("flags", 0), ("joined_at", "2024-01-01T00:00:00.000000+00:00"), ("deaf", false), ("mute", false),
            ])))
        }
        if let message {
            base.message = nil
            extra.append(("message", message))
        }
        self.init(base: base, extra: extra)
    }
}

extension DiscordPayload where Base == Ready {
    /// READY as Discord sends it: with the (here empty) guild list and the application's flags.
    init(ready: Ready, shard: ShardKey = .single) {
        var base = ready
        let applicationID = ready.application?.id
        base.application = nil
        self.init(base: base, extra: [("guilds", [String]()),
                                      ("application", ["id": JSONValue.string(applicationID?.description ?? "0"), "flags": .int(0)]),
                                      ("shard", [shard.id, shard.count])])
    }
}
