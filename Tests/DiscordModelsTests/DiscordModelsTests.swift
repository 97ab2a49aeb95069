import DiscordModels
import Foundation
import Testing

@Suite("Discord wire models")
struct DiscordModelsTests {
    let decoder = DiscordJSON.decoder()

    @Test("snowflakes decode from strings and numbers, encode as strings, and carry their time")
    func snowflakes() throws {
        let fromString = try decoder.decode([Snowflake].self, from: Data(#"["175928847299117063", 42]"#.utf8))
        #expect(fromString == [Snowflake(175_928_847_299_117_063), 42])
        #expect(String(decoding: try DiscordJSON.encoder().encode(Snowflake(42)), as: UTF8.self) == #""42""#)
        #expect(Snowflake(175_928_847_299_117_063).date.timeIntervalSince1970 == 1_462_015_105.796)
        #expect(throws: DecodingError.self) { try decoder.decode(Snowflake.self, from: Data(#""abc""#.utf8)) }
    }

    @Test("the envelope decodes with missing keys; unknown opcodes do not fail the frame")
    func envelope() throws {
        #expect(try decoder.decode(GatewayEnvelope.self, from: Data(#"{"op":11}"#.utf8)) == GatewayEnvelope(op: .heartbeatAck))
        let dispatch = try decoder.decode(GatewayEnvelope.self, from: Data(#"{"op":0,"s":3,"t":"INTERACTION_CREATE","d":{}}"#.utf8))
        #expect(dispatch == GatewayEnvelope(op: .dispatch, s: 3, t: "INTERACTION_CREATE"))
        #expect(try decoder.decode(GatewayEnvelope.self, from: Data(#"{"op":99,"d":null}"#.utf8)).op == .unknown(99))
        let hello = try decoder.decode(GatewayData<Hello>.self, from: Data(#"{"op":10,"d":{"heartbeat_interval":41250}}"#.utf8))
        #expect(hello.d.heartbeatInterval == 41250)
    }

    @Test("READY from the fact sheet decodes, ignoring unknown keys")
    func ready() throws {
        let json = #"""
        {"op":0,"s":1,"t":"READY","d":{"v":10,"_trace":["x"],
          "user":{"id":"1100000000000000001","username":"demo-bot","discriminator":"0","global_name":null,"avatar":null,"bot":true},
          "guilds":[{"id":"1200000000000000001","unavailable":true}],
          "session_id":"9f1c2b7e4a5d6c3b2a190817f6e5d4c3","resume_gateway_url":"wss://gateway-us-east1-b.discord.gg",
          "shard":[0,1],"application":{"id":"1100000000000000001","flags":8953856}}}
        """#
        let ready = try decoder.decode(GatewayData<Ready>.self, from: Data(json.utf8)).d
        #expect(ready.sessionID == "9f1c2b7e4a5d6c3b2a190817f6e5d4c3")
        #expect(ready.resumeGatewayURL == "wss://gateway-us-east1-b.discord.gg")
        #expect(ready.application?.id == 1_100_000_000_000_000_001)
        #expect(ready.user.bot == true)
    }

    @Test("a slash command interaction decodes: invoker, options, permissions, entitlements")
    func slashCommand() throws {
        let json = #"""
        {"id":"1300000000000000010","application_id":"1100000000000000001","type":2,"token":"tok","version":1,
         "guild_id":"1200000000000000001","channel_id":"1200000000000000050",
         "member":{"user":{"id":"1400000000000000001","username":"alice","global_name":"Alice"},"roles":[],"permissions":"48"},
         "app_permissions":"2248473465835073","locale":"en-US","entitlements":[],
         "data":{"id":"1300000000000000099","name":"story","type":1,
           "options":[{"name":"new","type":1,"options":[{"name":"theme","type":3,"value":"a sleepy dragon"},{"name":"age","type":4,"value":5}]}]}}
        """#
        let interaction = try decoder.decode(Interaction.self, from: Data(json.utf8))
        #expect(interaction.type == .applicationCommand)
        #expect(interaction.invoker?.displayName == "Alice")
        #expect(interaction.member?.permissions?.contains(.manageGuild) == true)
        #expect(interaction.appPermissions?.contains(.attachFiles) == true)
        let sub = try #require(interaction.data?.options?.first)
        #expect(sub.name == "new")
        #expect(sub.options?.map(\.name) == ["theme", "age"])
        #expect(sub.options?.last?.value?.text == "5")
    }

    @Test("a button press in a DM decodes with the user instead of a member")
    func button() throws {
        let json = #"""
        {"id":"1300000000000000020","application_id":"1100000000000000001","type":3,"token":"t","version":1,
         "channel_id":"1500000000000000001","user":{"id":"1400000000000000001","username":"alice","global_name":"Alice"},
         "app_permissions":"0","message":{"id":"1600000000000000001","channel_id":"1500000000000000001","content":"x"},
         "data":{"custom_id":"ms:p:abc:2","component_type":2}}
        """#
        let interaction = try decoder.decode(Interaction.self, from: Data(json.utf8))
        #expect(interaction.type == .messageComponent)
        #expect(interaction.invoker?.id == 1_400_000_000_000_000_001)
        #expect(interaction.data?.customID == "ms:p:abc:2")
        #expect(interaction.message?.id == 1_600_000_000_000_000_001)
        #expect(interaction.appPermissions?.contains(.attachFiles) == false)
        #expect(try decoder.decode(Interaction.self, from: Data(#"{"id":"1","application_id":"2","type":42,"token":"t"}"#.utf8)).type == .unknown(42))
    }

    @Test("responses encode as Discord expects")
    func responses() throws {
        let encoder = DiscordJSON.encoder()
        encoder.outputFormatting.insert(.sortedKeys)
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        // Every message the bot sends says it pings nobody, a deferral included.
        #expect(try json(InteractionResponse.deferred(ephemeral: true)) == #"{"data":{"allowed_mentions":{"parse":[]},"flags":64},"type":5}"#)
        #expect(try json(InteractionResponse.deferred(ephemeral: false)) == #"{"type":5}"#)
        #expect(try json(InteractionResponse.autocomplete([AutocompleteChoice(name: "Moon", value: "m")]))
            == #"{"data":{"choices":[{"name":"Moon","value":"m"}]},"type":8}"#)
        let message = MessagePayload(content: "hi", components: [.actionRow([.button(style: 1, label: "▶", customID: "ms:p:a:2")])])
        #expect(try json(InteractionResponse.update(message))
            == #"{"data":{"allowed_mentions":{"parse":[]},"components":[{"components":[{"custom_id":"ms:p:a:2","label":"▶","style":1,"type":2}],"type":1}],"content":"hi"},"type":7}"#)
        let decoded = try decoder.decode(InteractionResponse.self, from: try encoder.encode(InteractionResponse.update(message)))
        #expect(decoded.data?.message?.content == "hi")
    }

    @Test("payload limits are checked before sending")
    func limits() throws {
        #expect(throws: PayloadLimitError(field: "content", limit: 2000, actual: 2001)) {
            try MessagePayload(content: String(repeating: "a", count: 2001)).validate()
        }
        let longID = String(repeating: "x", count: 101)
        #expect(throws: PayloadLimitError(field: "components[0][0].custom_id", limit: 100, actual: 101)) {
            try MessagePayload(components: [.actionRow([.button(style: 1, label: "a", customID: longID)])]).validate()
        }
        let six = (0..<6).map { Component.button(style: 2, label: "\($0)", customID: "b\($0)") }
        #expect(throws: PayloadLimitError.self) { try MessagePayload(components: [.actionRow(six)]).validate() }
        #expect(throws: PayloadLimitError.self) {
            try MessagePayload(embeds: [Embed(title: "t", description: String(repeating: "d", count: 4097))]).validate()
        }
        #expect(throws: Never.self) {
            try MessagePayload(content: "ok", embeds: [Embed(title: "t", description: "d", footer: .init(text: "page 1 of 5"))]).validate()
        }
    }

    @Test("close codes map to resume, identify, or a fatal stop")
    func closeCodes() {
        #expect(GatewayCloseCode.action(for: nil) == .resume)
        #expect(GatewayCloseCode.action(for: 4000) == .resume)
        #expect(GatewayCloseCode.action(for: 4009) == .identify)
        #expect(GatewayCloseCode.action(for: 4007) == .identify)
        for code in [4004, 4010, 4011, 4012, 4013, 4014] {
            guard case .fatal = GatewayCloseCode.action(for: code) else {
                Issue.record("\(code) should be fatal")
                continue
            }
        }
    }
}
