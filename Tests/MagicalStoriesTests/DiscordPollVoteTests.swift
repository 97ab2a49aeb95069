import DiscordModels
import DiscordSimulator
import Foundation
import MagicalStories
import StoryDomain
import StoryTestSupport
import Testing

/// The family votes what happens next in a Discord native poll, through the loopback simulator:
/// the poll is its own message, members' votes arrive as gateway events (the bot asks for
/// GUILD_MESSAGE_POLLS), the poll is ended with End Poll when the chapter is made or a grown-up
/// closes the vote, and the winner shapes the next chapter. Without Send Polls: buttons.
@Suite("Discord: the family votes in a native poll", .serialized)
struct DiscordPollVoteTests {
    static let withPolls = DiscordSimulator.defaultPermissions.union(.sendPolls)
    static let bob = User(id: 1_400_000_000_000_000_002, username: "bob", globalName: "Bob")
    static let channel = DiscordSimulator.defaultChannelID

    /// A ready 3-page story and the press that turned to its last page.
    static func lastPage(_ bot: DiscordTestBot, appPermissions: Permissions = withPolls,
                         theme: String = "a lighthouse cat") async throws -> (storyID: StoryID, press: Interaction) {
        let simulator = bot.simulator
        let command = simulator.makeSlashCommand(subcommand: "new", options: ["theme": .string(theme), "name": "Ida", "pages": 3],
                                                 appPermissions: appPermissions)
        await simulator.sendInteraction(command)
        let page1 = try await simulator.waitForOriginalResponse(interactionID: command.id, where: { $0.embeds.first?.footer?.text == "page 1 of 3" },
                                                                timeout: .seconds(20))
        let id = String(try #require(page1.components.first?.components?[2].customID).split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: id, family: DiscordTestBot.family)
        let press = simulator.makeButtonPress(customID: "ms:p:\(id):3", messageID: page1.id, appPermissions: appPermissions)
        await simulator.sendInteraction(press)
        return (try #require(StoryID(rawValue: id)), press)
    }

    /// The open vote of the story's chain once its counts are `counts`.
    static func vote(_ bot: DiscordTestBot, series: StoryID, counts: [Int]) async throws -> ChapterVote {
        let votes = try #require(bot.app.stories.votes)
        return try await pollValue {
            let vote = try await votes.openVote(series: series, family: DiscordTestBot.family)
            return vote?.counts == counts ? vote : nil
        }
    }

    @Test("a chapter ends: the poll is its own message; two members vote (one changes); /story continue ends the poll and follows the winner")
    func pollThenContinue() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let (storyID, press) = try await Self.lastPage(bot)
        let poll = try await simulator.waitForPoll(channelID: Self.channel)
        #expect(poll.question == NextChoice.question && poll.answers.count == 3 && !poll.allowMultiselect)
        #expect(poll.duration == 24, "no bedtime: a day")
        let pollMessage = try #require(simulator.message(id: poll.messageID))
        #expect(pollMessage.components.isEmpty && pollMessage.embeds.isEmpty, "the poll is a message of its own")
        try await pollUntil { simulator.followUps(interactionID: press.id).contains { $0.content?.contains("Vote in the poll") == true } }
        #expect(simulator.botReceivesPollVotes, "the bot asked for GUILD_MESSAGE_POLLS")

        #expect(await simulator.votePoll(messageID: poll.messageID, answerID: 2))
        #expect(await simulator.votePoll(messageID: poll.messageID, user: Self.bob, answerID: 3))
        #expect(await simulator.votePoll(messageID: poll.messageID, user: Self.bob, answerID: 2), "Bob changes his mind")
        let vote = try await Self.vote(bot, series: storyID, counts: [0, 2, 0])
        #expect(vote.isPoll && vote.messageID == String(describing: poll.messageID))

        let next = simulator.makeSlashCommand(subcommand: "continue", options: [:], appPermissions: Self.withPolls)
        await simulator.sendInteraction(next)
        let chapter = try await simulator.waitForOriginalResponse(interactionID: next.id,
                                                                  where: { $0.embeds.first?.footer?.text == "page 1 of 3 · chapter 2" },
                                                                  timeout: .seconds(20))
        try await simulator.waitForPollEnded(messageID: poll.messageID)
        #expect(simulator.requestCount(route: "POST /channels/{channel_id}/polls/{message_id}/expire") == 1)
        let chapterID = String(try #require(chapter.components.first?.components?[2].customID).split(separator: ":")[2])
        try await waitUntilReady(bot.app.stories, id: chapterID, family: DiscordTestBot.family)
        let chapterStoryID = try #require(StoryID(rawValue: chapterID))
        let made = try #require(try await bot.app.stories.story(chapterStoryID, family: DiscordTestBot.family))
        #expect(made.request.theme == vote.choices[1].theme, "the winner shapes the chapter")
        #expect(!(await simulator.votePoll(messageID: poll.messageID, answerID: 1)), "the poll is over")
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }

    @Test("a grown-up closes the vote: End Poll; without Send Polls the vote is asked with buttons")
    func grownUpClosesAndButtonsWithoutPermission() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let (storyID, press) = try await Self.lastPage(bot)
        let poll = try await simulator.waitForPoll(channelID: Self.channel)
        let note = try await pollValue { simulator.followUps(interactionID: press.id).first { $0.content?.contains("Vote in the poll") == true } }
        #expect(await simulator.votePoll(messageID: poll.messageID, user: Self.bob, answerID: 1))
        let vote = try await Self.vote(bot, series: storyID, counts: [1, 0, 0])
        let close = simulator.makeButtonPress(customID: "ms:e:\(vote.id)", messageID: note.id,
                                              permissions: DiscordSimulator.defaultPermissions.union(.manageGuild),
                                              appPermissions: Self.withPolls)
        await simulator.sendInteraction(close)
        try await simulator.waitForPollEnded(messageID: poll.messageID)
        let closed = try await simulator.waitForCallback(interactionID: close.id)
        #expect(closed.data?.message?.content?.contains("The vote is closed") == true)

        let (_, plain) = try await Self.lastPage(bot, appPermissions: DiscordSimulator.defaultPermissions, theme: "a sleepy fox")
        let asked = try await pollValue { simulator.followUps(interactionID: plain.id).first { $0.content?.contains(NextChoice.question) == true } }
        let ballots = asked.components.flatMap { $0.components ?? [] }.filter { $0.customID?.hasPrefix("ms:v:") == true }
        #expect(ballots.count == 3, "buttons, as before")
        #expect(simulator.polls(channelID: Self.channel).count == 1, "no second poll")
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }

    @Test("a poll whose hours run out: Discord's final results close the vote with the ballots counted once, and no End Poll is sent")
    func pollEndsByItself() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let (storyID, _) = try await Self.lastPage(bot)
        let poll = try await simulator.waitForPoll(channelID: Self.channel)
        #expect(await simulator.votePoll(messageID: poll.messageID, answerID: 3))
        #expect(await simulator.votePoll(messageID: poll.messageID, user: Self.bob, answerID: 3))
        let vote = try await Self.vote(bot, series: storyID, counts: [0, 0, 2])

        #expect(await simulator.expirePoll(messageID: poll.messageID))
        let votes = try #require(bot.app.stories.votes)
        let closed = try await pollValue { try await votes.vote(vote.id).flatMap { $0.closedAt == nil ? nil : $0 } }
        #expect(closed.winner == 2 && closed.counts == [0, 0, 2], "counted once, though Discord told it twice")
        #expect(simulator.requestCount(route: "POST /channels/{channel_id}/polls/{message_id}/expire") == 0, "no End Poll for a poll already over")
        #expect(!(await simulator.votePoll(messageID: poll.messageID, answerID: 1)), "the poll is over")
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }

    @Test("a one-page story delivered in the channel asks the vote: a poll where the asking interaction allowed polls, else buttons")
    func onePageStoryDelivered() async throws {
        let bot = try await DiscordTestBot.start()
        let simulator = bot.simulator
        let requester = Requester(userID: "1400000000000000001", displayName: "Ann")
        // What an interaction with Send Polls writes into its story's address (DiscordDeliveryAddress), without its token.
        let withPolls = DeliveryAddress(platform: .discord, channelID: "\(Self.channel)", extras: ["polls": "1"])
        let polled = StoryFixtures.story("onepagepoll", request: StoryFixtures.request(pages: 1), family: DiscordTestBot.family,
                                         requester: requester, createdAt: Date())
        _ = try await bot.app.stories.enqueue(polled, delivery: withPolls)
        let poll = try await simulator.waitForPoll(channelID: Self.channel)
        #expect(poll.question == NextChoice.question && poll.answers.count == 3)
        let votes = try #require(bot.app.stories.votes)
        // The vote is opened, then marked a poll once Discord answered the poll's post.
        let vote = try await pollValue { try await votes.openVote(series: polled.id, family: DiscordTestBot.family).flatMap { $0.isPoll ? $0 : nil } }
        #expect(vote.messageID == String(describing: poll.messageID))
        try await pollUntil { simulator.messages(channelID: Self.channel).contains { $0.content?.contains("Vote in the poll") == true } }

        let plain = StoryFixtures.story("onepagebuttons", request: StoryFixtures.request(theme: "a sleepy fox", pages: 1),
                                        family: DiscordTestBot.family, requester: requester, createdAt: Date())
        _ = try await bot.app.stories.enqueue(plain, delivery: DeliveryAddress(platform: .discord, channelID: "\(Self.channel)"))
        let asked = try await pollValue {
            simulator.messages(channelID: Self.channel).first { message in
                message.components.flatMap { $0.components ?? [] }.contains { $0.customID?.hasPrefix("ms:v:") == true }
            }
        }
        #expect(asked.content?.contains(NextChoice.question) == true)
        #expect(simulator.polls(channelID: Self.channel).count == 1, "one poll: the first story's")
        #expect(simulator.requests.allSatisfy { $0.status < 400 })
        await bot.stopAll()
    }
}
