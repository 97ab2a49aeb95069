@testable import DiscordAdapter
import DiscordModels
import Foundation
import StoryDomain
import Testing

/// The family's vote as a Discord native poll: Discord's limits (code points), its duration in
/// whole hours until the next bedtime, and who may post one.
@Suite("Discord poll from a vote's choices")
struct DiscordPollMakerTests {
    static let opened = Date(timeIntervalSince1970: 1_800_000_000)

    static func vote(_ choices: [NextChoice], endsAt: Date) -> ChapterVote {
        ChapterVote(id: "vote1", family: FamilyRef(platform: "discord", externalID: "300"), seriesID: StoryID(rawValue: "story1")!,
                    storyID: StoryID(rawValue: "story1")!, channelID: "200", choices: choices, openedAt: opened, endsAt: endsAt)
    }

    @Test("built-in choices: one single-choice answer each, the plot turn's picture as its emoji, the words apart")
    func builtInChoices() throws {
        let choices = NextChoiceMaker().builtInChoices(after: StoryID(rawValue: "story1")!, earlierThemes: [], avoid: [])
        let poll = DiscordPollMaker.poll(for: Self.vote(choices, endsAt: Self.opened.addingTimeInterval(86_400)), now: Self.opened)
        #expect(poll.question.text == NextChoice.question)
        #expect(poll.answers.count == choices.count && !poll.allowMultiselect && poll.layoutType == 1)
        for (answer, choice) in zip(poll.answers, choices) {
            #expect(answer.pollMedia.emoji?.name == choice.turn?.emoji)
            #expect(choice.text.hasSuffix(answer.pollMedia.text) && !answer.pollMedia.text.hasPrefix(choice.turn!.emoji))
        }
        let json = String(decoding: try DiscordJSON.encoder().encode(poll), as: UTF8.self)
        #expect(json.contains("\"poll_media\"") && json.contains("\"emoji\":{\"name\":") && json.contains("\"allow_multiselect\":false"))
    }

    @Test("a model's long choice with emoji and accents fits 55 code points; the question fits 300")
    func lengthsInCodePoints() {
        let long = String(repeating: "👨‍👩‍👧 é", count: 20)
        let choices = [NextChoice(text: long, theme: long), NextChoice(text: "A boat ride", theme: "a boat ride")]
        let poll = DiscordPollMaker.poll(for: Self.vote(choices, endsAt: Self.opened.addingTimeInterval(7_200)), now: Self.opened)
        #expect(poll.answers.allSatisfy { $0.pollMedia.text.codePointCount <= PollCreate.maxAnswerLength && $0.pollMedia.emoji == nil })
        #expect(poll.answers[0].pollMedia.text.hasSuffix("…"))
        #expect(poll.question.text.codePointCount <= PollCreate.maxQuestionLength)
        #expect((try? MessagePayload(poll: poll).validate()) != nil)
    }

    @Test("duration: whole hours until the next bedtime (rounded down, 1–768), 24 without a bedtime")
    func duration() {
        func hours(bedtimeIn seconds: TimeInterval?) -> Int {
            let end = ChapterVoting.endDate(openedAt: Self.opened, nextBedtime: seconds.map { Self.opened.addingTimeInterval($0) })
            // Asked a moment after the vote opened.
            return DiscordPollMaker.durationHours(from: Self.opened.addingTimeInterval(0.3), to: end)
        }
        #expect(hours(bedtimeIn: nil) == 24)
        #expect(hours(bedtimeIn: 5.5 * 3600) == 5, "over by bedtime")
        #expect(hours(bedtimeIn: 3 * 3600) == 3)
        #expect(hours(bedtimeIn: 20 * 60) == 1, "at least an hour")
        #expect(hours(bedtimeIn: 40 * 86_400) == 768, "at most 32 days")
        #expect(DiscordPollMaker.durationHours(from: Self.opened, to: Self.opened.addingTimeInterval(-60)) == 1)
    }

    @Test("posted only where the bot may send polls: Send Polls or Administrator; otherwise buttons")
    func permission() {
        #expect(DiscordPollMaker.canPostPolls([.viewChannel, .sendMessages, .sendPolls]))
        #expect(DiscordPollMaker.canPostPolls([.administrator]))
        #expect(!DiscordPollMaker.canPostPolls([.viewChannel, .sendMessages, .embedLinks, .attachFiles]))
        #expect(!DiscordPollMaker.canPostPolls(nil), "an interaction without app_permissions is asked with buttons")
        #expect(Permissions.sendPolls.rawValue == 1 << 49)
        #expect(DiscordPollMaker.nonce(for: Self.vote([], endsAt: Self.opened)).count <= MessagePayload.maxNonceLength)
    }
}
