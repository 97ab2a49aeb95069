import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import StoryDomain
import StoryStore
import StoryTestSupport
import Testing

/// Tonight's story on Discord, through the simulator on a real SQLite file and a manual clock:
/// a member of the role the managers chose sets two bedtimes, the stories are made ahead, the bot
/// restarts between "made" and "posted", and at each minute the bot posts unprompted in the server
/// channel over REST — "🌙 Story time!", page 1 with its picture and buttons — once per bedtime.
@Suite("Discord bedtime end to end: the chosen role, a post in the channel, a restart between made and posted", .serialized)
struct DiscordBedtimeTests {
    static let manager: Permissions = DiscordSimulator.defaultPermissions.union([.manageGuild])
    static let parents: Snowflake = 1_300_000_000_000_000_077
    static let carol = User(id: 1_400_000_000_000_000_003, username: "carol", globalName: "Carol")

    /// The messages the bot posted in the channel on its own (not answers to an interaction).
    static func posts(_ simulator: DiscordSimulator) -> [SimulatedMessage] {
        simulator.messages(channelID: DiscordSimulator.defaultChannelID).filter { $0.interactionID == nil }
    }

    /// Sends a slash command and returns its answer once it is no longer "thinking…".
    static func say(_ simulator: DiscordSimulator, _ name: String, _ subcommand: String, _ options: [String: JSONValue],
                    user: User = DiscordSimulator.defaultUser, permissions: Permissions = manager, roles: [Snowflake] = []) async throws -> SimulatedMessage {
        var command = simulator.makeSlashCommand(name: name, subcommand: subcommand, options: options, user: user, permissions: permissions)
        command.member?.roles = roles
        await simulator.sendInteraction(command)
        return try await DiscordFamilyProductTests.answer(simulator, command)
    }

    @Test("the chosen role sets 08:10 and 08:11 (UTC); made at 08:05–08:06, restarted, each posted once in the channel with page 1, picture and buttons")
    func postedOnceAcrossARestart() async throws {
        // 2027-01-15 08:00:00 UTC.
        let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ms-discord-bedtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await DiscordTestBot.start(directory: directory, clock: clock)
        let simulator = first.simulator
        let member = DiscordSimulator.defaultPermissions

        // A member without Manage Server is refused until a manager chooses their role.
        let refused = try await Self.say(simulator, "bedtime", "set", ["time": "08:10"], user: Self.carol, permissions: member, roles: [Self.parents])
        #expect(refused.isEphemeral && refused.content?.contains("can set bedtimes") == true)
        let chose = try await Self.say(simulator, "settings", "set", ["timezone": "UTC", "grownup_role": .string("\(Self.parents)")])
        #expect(chose.isEphemeral && chose.content?.contains("Who may set bedtimes: managers and members with <@&\(Self.parents)>") == true)
        for time in ["08:10", "08:11"] {
            let set = try await Self.say(simulator, "bedtime", "set", ["time": .string(time)], user: Self.carol, permissions: member,
                                         roles: [Self.parents])
            #expect(set.isEphemeral && set.content?.contains("Bedtime is set: **\(time)**") == true, "\(set.content ?? "")")
        }
        #expect(Self.posts(simulator).isEmpty, "nothing posted in the channel yet: every answer was private")
        let answers = simulator.messages(channelID: DiscordSimulator.defaultChannelID)
        #expect(answers.count == 4 && answers.allSatisfy { $0.isEphemeral })

        let store = SQLiteBedtimeScheduleStore(database: try #require(first.app.database), clock: clock)
        // In bedtime order (both were set at the same instant of the manual clock).
        let schedules = try await store.schedules(of: DiscordTestBot.family).sorted { $0.time.description < $1.time.description }
        #expect(schedules.map(\.channelID) == Array(repeating: String(describing: DiscordSimulator.defaultChannelID), count: 2))
        #expect(schedules.allSatisfy { $0.owner.userID == String(describing: Self.carol.id) }, "the owner's quota and budget")

        // 08:06: both made ahead by the first process, nothing posted.
        clock.advance(by: 6 * 60)
        var made: [StoryID] = []
        try await eventually("tonight's stories are made", timeout: .seconds(60)) {
            made = []
            for schedule in schedules {
                if let story = try await store.evening(schedule.id, evening: "2027-01-15")?.storyID { made.append(story) }
            }
            return made.count == 2
        }
        for story in made { try await waitUntilReady(first.app.stories, id: story.rawValue, family: DiscordTestBot.family) }
        await first.stopBot()

        // A new process on the same file, between made and posted.
        let second = try await DiscordTestBot.start(simulator: simulator, directory: directory, clock: clock)
        #expect(Self.posts(simulator).isEmpty, "not posted before bedtime")
        clock.advance(by: 4 * 60) // 08:10
        try await eventually("the 08:10 post", timeout: .seconds(60)) { !Self.posts(simulator).isEmpty }
        let atTen = Self.posts(simulator)
        clock.advance(by: 60) // 08:11: a round after the first post, which it must not repeat
        try await eventually("the 08:11 post", timeout: .seconds(60)) { Self.posts(simulator).count >= 2 }
        let posts = Self.posts(simulator)
        #expect(posts.count == 2 && posts.first?.id == atTen.first?.id && atTen.count == 1)
        for (post, story) in zip(posts, made) {
            #expect(post.content?.hasPrefix("🌙 Story time!") == true, "\(post.content ?? "")")
            #expect(!post.isEphemeral && post.interactionID == nil, "posted unprompted over REST, for the whole channel")
            let embed = try #require(post.embeds.first)
            #expect(embed.footer?.text.hasPrefix("page 1 of ") == true && embed.image?.url == "attachment://page-1.webp")
            #expect(post.attachments.first?.filename == "page-1.webp" && post.attachments.first?.data.isEmpty == false)
            let buttons = try #require(post.components.first?.components)
            #expect(buttons.map { $0.emoji?.name ?? $0.label } == ["ms_first_page", "ms_page_back", "ms_page_next"])
            #expect(MultiProcessKillTests.storyID(of: post) == story.rawValue, "the evening's own story")
        }
        let reopened = SQLiteBedtimeScheduleStore(database: try #require(second.app.database), clock: clock)
        for schedule in schedules {
            #expect(try await reopened.evening(schedule.id, evening: "2027-01-15")?.state == .posted)
        }
        await second.stopAll()
        #expect(Self.posts(simulator).count == 2, "each bedtime posted exactly once")
    }
}
