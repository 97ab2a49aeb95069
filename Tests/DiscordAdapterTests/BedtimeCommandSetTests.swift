import DiscordAdapter
import DiscordModels
import Testing

/// `/bedtime` is registered like `/settings`: for Manage Server (server settings can open it to
/// chosen roles), in servers only.
@Suite("Discord command set: /bedtime for server managers")
struct BedtimeCommandSetTests {
    @Test("/bedtime set|show|off, Manage Server by default, in servers only; time is required, story has two choices")
    func registered() throws {
        let bedtime = try #require(DiscordCommandSet.commands.first { $0.name == "bedtime" })
        let settings = try #require(DiscordCommandSet.commands.first { $0.name == "settings" })
        #expect(bedtime.defaultMemberPermissions == settings.defaultMemberPermissions && bedtime.defaultMemberPermissions == "32")
        #expect(bedtime.contexts == [0])
        #expect(bedtime.options?.map(\.name) == ["set", "show", "off"])
        let set = try #require(bedtime.options?.first { $0.name == "set" })
        #expect(set.options?.first { $0.name == "time" }?.required == true)
        #expect(set.options?.first { $0.name == "story" }?.choices?.map(\.value) == ["continue", "new"])
    }
}
