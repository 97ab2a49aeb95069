import DiscordAdapter
import DiscordModels
import Testing

/// `/bedtime` is registered for every server member, in servers only: the router lets managers and
/// the role they chose (`/settings set grownup_role:`) use it and refuses others kindly.
@Suite("Discord command set: /bedtime for server managers and the chosen role")
struct BedtimeCommandSetTests {
    @Test("/bedtime set|show|off, seen by members (the chosen role must see it), in servers only; time is required, story has two choices")
    func registered() throws {
        let bedtime = try #require(DiscordCommandSet.commands.first { $0.name == "bedtime" })
        let settings = try #require(DiscordCommandSet.commands.first { $0.name == "settings" })
        #expect(bedtime.defaultMemberPermissions == nil && settings.defaultMemberPermissions == "32")
        let set = try #require(settings.options?.first { $0.name == "set" })
        #expect(set.options?.first { $0.name == "grownup_role" }?.type == 8, "a role picker")
        #expect(bedtime.contexts == [0, 1, 2], "a group DM gets a kind explanation (bedtimes go to servers and the bot DM)")
        #expect(bedtime.options?.map(\.name) == ["set", "show", "off"])
        let bedtimeSet = try #require(bedtime.options?.first { $0.name == "set" })
        #expect(bedtimeSet.options?.first { $0.name == "time" }?.required == true)
        #expect(bedtimeSet.options?.first { $0.name == "story" }?.choices?.map(\.value) == ["continue", "new"])
    }
}
