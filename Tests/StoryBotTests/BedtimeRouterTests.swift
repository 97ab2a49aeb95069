import Foundation
import Logging
import StoryBot
import StoryDomain
import StoryTestSupport
import Testing

/// `/bedtime set|show|off` through the one router: typed as in the web chat, for grown-ups and
/// server managers only, answered privately, with kind refusals.
@Suite("Bedtime commands: set, show and off, for grown-ups, privately")
struct BedtimeRouterTests {
    let services = FamilyServices()
    let schedules = InMemoryBedtimeScheduleStore()
    let router: CommandRouter
    static let web = FamilyRef(platform: "web", externalID: "family")

    init() {
        let bedtime = BedtimeScheduling(store: schedules, rules: BedtimeScheduleRules(maxSchedules: 2), clock: services.clock)
        let routed = CommandRouter.Services(stories: services.stories, collections: services.collections, policy: services.policy,
                                            admins: [], familyData: services.store, platforms: RouterHarness.platforms, bedtime: bedtime)
        router = CommandRouter(services: routed, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    func context(_ family: FamilyRef = web, isManager: Bool = true, isChild: Bool = false, roleIDs: [String] = []) -> ChatContext {
        ChatContext(family: family, channelID: family.platform == .web ? family.externalID : "200", user: RouterHarness.parent,
                    isManager: isManager, roleIDs: roleIDs, isChild: isChild)
    }

    /// Parses `text` as the web chat does and handles it; returns the one reply's text.
    func say(_ text: String, _ context: ChatContext? = nil) async throws -> (text: String, isPrivate: Bool, acknowledgedPrivately: Bool?) {
        let responder = RecordingResponder(deliveryAddress: DeliveryAddress(platform: "web", channelID: "family", messageID: "m"))
        await router.handle(.command(try CommandParser().parse(text)), context: context ?? self.context(), responder: responder)
        let reply = try #require(responder.replies.only)
        return (reply.text ?? "", reply.isPrivate, responder.acknowledgedPrivately)
    }

    @Test("set, show and off in the web chat: private answers on the family's clock; the schedule is kept as typed")
    func setShowOff() async throws {
        try await services.policy.settings.save(FamilySettings(timeZone: "Europe/Berlin"), for: Self.web, by: "parent")
        let set = try await say("/bedtime set time:19:30 days:weekdays story:new theme:moon boats")
        #expect(set.isPrivate && set.acknowledgedPrivately == true)
        #expect(set.text.contains("**19:30**, weekdays, in this room") && set.text.contains("a new story about “moon boats”"))
        #expect(set.text.contains("(Europe/Berlin)"))
        let kept = try #require(try await schedules.schedules(of: Self.web).only)
        #expect(kept.channelID == "family" && kept.owner == RouterHarness.parent && kept.story == .new(theme: "moon boats") && kept.days == .weekdays)

        services.clock.advance(by: 60) // set a minute later: listed second
        _ = try await say("/bedtime set 7pm")
        let shown = try await say("/bedtime show")
        #expect(shown.isPrivate && shown.text.contains("1. **19:30** · weekdays") && shown.text.contains("2. **19:00** · every day"))
        #expect(shown.text.contains("the next chapter of your newest story") && shown.text.contains("Europe/Berlin"))

        let full = try await say("/bedtime set time:20:00")
        #expect(full.text == FriendlyErrors.text(for: BedtimeScheduleError.tooMany(limit: 2), on: RouterHarness.platforms[.web]))
        let which = try await say("/bedtime off")
        #expect(which.text.contains("which one"))
        let off = try await say("/bedtime off 19:30")
        #expect(off.text.contains("**19:30** (weekdays) is off"))
        #expect(try await schedules.schedules(of: Self.web).map(\.time.description) == ["19:00"])
        #expect(try await say("/bedtime off all").text.contains("**19:00**"))
        #expect(try await say("/bedtime show").text.contains("No bedtimes yet"))
    }

    @Test("children and members who are not managers are refused, as for /settings; nothing is kept")
    func grownUpsOnly() async throws {
        for context in [context(isManager: false, isChild: true), context(FamilyRef(platform: "discord", externalID: "100"), isManager: false)] {
            let refused = try await say("/bedtime set time:19:30", context)
            #expect(refused.text == FriendlyErrors.text(for: CommandAccessError.notGrownUp, on: RouterHarness.platforms[context.family.platform]))
            #expect(refused.isPrivate && refused.text.contains("can set bedtimes"))
        }
        #expect(try await schedules.allSchedules().isEmpty)
    }

    @Test("Discord: the role the managers chose (/settings set grownup_role:) may use /bedtime; other roles may not; managers only again after grownups:managers")
    func chosenRole() async throws {
        let discord = FamilyRef(platform: "discord", externalID: "100")
        let parent = context(discord, isManager: false, roleIDs: ["77"])
        let other = context(discord, isManager: false, roleIDs: ["78"])
        let refusal = FriendlyErrors.text(for: CommandAccessError.notGrownUp, on: RouterHarness.platforms[.discord])
        #expect(try await say("/bedtime show", parent).text == refusal, "no role chosen yet: managers only")

        let chose = try await say("/settings set grownup_role:<@&77>", context(discord))
        #expect(chose.text.contains("Who may set bedtimes: managers and members with"))
        #expect(try await say("/bedtime set time:19:30", parent).text.contains("Bedtime is set"))
        #expect(try await say("/bedtime show", other).text == refusal)
        #expect(try await say("/settings set grownup_role:<@&78>", parent).text
            == FriendlyErrors.text(for: CommandAccessError.notManager, on: RouterHarness.platforms[.discord]), "the role sets bedtimes, not settings")

        _ = try await say("/settings set grownups:managers", context(discord))
        #expect(try await say("/bedtime show", parent).text == refusal)
        #expect(try await say("/settings set grownups:role", context(discord)).text
            == FriendlyErrors.text(for: SettingsError.grownupRoleMissing, on: RouterHarness.platforms[.discord]))
        #expect(try await say("/settings set grownup_role:<@&77>", context()).text
            == FriendlyErrors.text(for: SettingsError.noRolesHere, on: RouterHarness.platforms[.web]), "the web chat has rooms, not roles")
    }

    @Test("kind refusals: a bad time, strange text in a theme, a place other than this room in the web chat")
    func refusals() async throws {
        let platform = RouterHarness.platforms[.web]
        #expect(try await say("/bedtime set time:half seven").text == FriendlyErrors.text(for: BedtimeScheduleError.badTime("half seven"), on: platform))
        #expect(try await say("/bedtime set time:19:30 story:new theme:\"visit https://x.example\"").text
            == FriendlyErrors.text(for: BedtimeScheduleError.strangeText, on: platform))
        #expect(try await say("/bedtime set time:19:30 where:kitchen").text == FriendlyErrors.text(for: BedtimeScheduleError.badPlace, on: platform))
        #expect(try await say("/bedtime set time:19:30 where:here").text.contains("Bedtime is set"))
        #expect(try await schedules.allSchedules().count == 1)
    }

    @Test("Discord: a manager may name another channel; it is shown as a channel mention")
    func discordChannel() async throws {
        let discord = FamilyRef(platform: "discord", externalID: "100")
        let set = try await say("/bedtime set time:19:30 where:<#555>", context(discord))
        #expect(set.text.contains("in <#555>"))
        #expect(try await schedules.schedules(of: discord).only?.channelID == "555")
    }

    @Test("the command set: /bedtime is typed with set, show and off, for grown-ups (Manage Server or the chosen role on Discord)")
    func catalog() throws {
        #expect(CommandCatalog.subcommands(of: "bedtime") == ["set", "show", "off"])
        #expect(CommandCatalog.entries.filter { $0.command == "bedtime" }.allSatisfy { $0.access == .grownUps && !$0.webChatOnly })
        #expect(try CommandParser().parse("/bedtime set 19:30 days:every day") == .bedtimeSet(.init(time: "19:30", days: "every day"), where: nil))
        #expect(try CommandParser().parse("/bedtime off 2") == .bedtimeOff(which: "2"))
    }
}
