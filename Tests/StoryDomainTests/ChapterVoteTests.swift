import Foundation
import StoryDomain
import StoryTestSupport
import Testing

@Suite("The family votes what happens next: choices, ballots, ties and closing")
struct ChapterVoteTests {
    let maker = NextChoiceMaker()
    static let start = StoryFixtures.start
    static let choices = [NextChoice(text: "🔍 A lost kite", theme: "a lost kite", turn: .puzzle),
                          NextChoice(text: "🤝 A little lost duckling", theme: "a little lost duckling", turn: .helping),
                          NextChoice(text: "✨ A shy firefly who wants to glow", theme: "a shy firefly who wants to glow", turn: .wishGranted)]

    static func vote(ends: TimeInterval = 3600) -> ChapterVote {
        ChapterVote(id: "v1", family: StoryFixtures.family, seriesID: StoryID(rawValue: "first")!, storyID: StoryID(rawValue: "first")!,
                    channelID: "room", choices: choices, openedAt: start, endsAt: start.addingTimeInterval(ends))
    }

    @Test("built-in choices: three, of different plot turns, short enough for a poll, the same for the same chapter, none used or avoided")
    func builtInChoices() {
        for id in ["a1", "b2", "c3", "story1", "zz9"] {
            let story = StoryID(rawValue: id)!
            let choices = maker.builtInChoices(after: story, earlierThemes: ["a lost kite"], avoid: ["owl"])
            #expect(choices.count == 3)
            #expect(Set(choices.compactMap(\.turn)).count == 3, "different turns")
            #expect(choices.allSatisfy { $0.text.count <= NextChoice.maxLength && $0.theme != "a lost kite" && !$0.theme.contains("owl") })
            #expect(choices == maker.builtInChoices(after: story, earlierThemes: ["a lost kite"], avoid: ["owl"]), "deterministic")
        }
        let all = NextChoiceMaker.builtIn.map(\.theme)
        #expect(maker.builtInChoices(after: StoryID(rawValue: "a1")!, earlierThemes: all, avoid: []).isEmpty)
    }

    @Test("a model's choices are quoted data: parsed, screened, clipped to a line, never the family's own words; too few give nil")
    func modelChoices() {
        let quoted = #"{"choices": ["Mia follows the glowing footprints", "The dragon learns to hum", "A monster with blood on its claws", "a sleepy owl party", "x"]}"#
        let choices = maker.modelChoices(quoted, avoid: ["hum"], familyTexts: ["a sleepy owl"], language: .english)
        #expect(choices == nil, "only one survives: the monster is screened, the hum avoided, the owl is the family's text, x too short")
        let good = maker.modelChoices(#"["Mia follows the glowing footprints", "Ember finds a\nsecret garden", "Mia follows the glowing footprints"]"#,
                                      avoid: [], familyTexts: [], language: .english)
        #expect(good?.map(\.text) == ["Mia follows the glowing footprints", "Ember finds a secret garden"])
        #expect(good?.allSatisfy { $0.theme == $0.text && $0.turn == nil } == true)
        #expect(maker.modelChoices("not json", avoid: [], familyTexts: [], language: .english) == nil)
        let long = String(repeating: "a very long choice ", count: 5)
        #expect(maker.modelChoices("[\"\(long)\", \"one\", \"two\"]", avoid: [], familyTexts: [], language: .english)?.count == 2)
    }

    @Test("one ballot per member: changing a vote moves it; no ballot after the end, none for a choice not offered")
    func ballots() throws {
        var vote = Self.vote()
        vote = try vote.casting(0, by: "ana", at: Self.start)
        vote = try vote.casting(1, by: "ben", at: Self.start)
        vote = try vote.casting(0, by: "ben", at: Self.start)
        #expect(vote.counts == [2, 0, 0])
        vote = try vote.withdrawing("ana", at: Self.start)
        #expect(vote.counts == [1, 0, 0])
        #expect(throws: ChapterVoteError.noSuchChoice) { try vote.casting(3, by: "cat", at: Self.start) }
        #expect(throws: ChapterVoteError.closed) { try vote.casting(1, by: "cat", at: Self.start.addingTimeInterval(3600)) }
        let closed = vote.closing(at: Self.start)
        #expect(closed.winner == 0 && closed.closedAt == Self.start)
        #expect(throws: ChapterVoteError.closed) { try closed.casting(1, by: "cat", at: Self.start) }
        #expect(closed.closing(at: Self.start.addingTimeInterval(9)) == closed, "closed once")
    }

    @Test("a tie is broken kindly: both happen, the first offered first")
    func tie() throws {
        var vote = Self.vote()
        vote = try vote.casting(2, by: "ana", at: Self.start)
        vote = try vote.casting(1, by: "ben", at: Self.start)
        let outcome = try #require(vote.outcome)
        #expect(outcome.first == 1 && outcome.then == [2] && outcome.isTie)
        #expect(outcome.line(Self.choices) == "Both! First “A little lost duckling”, then “A shy firefly who wants to glow”.")
        vote = try vote.casting(0, by: "cat", at: Self.start)
        #expect(vote.outcome?.line(Self.choices) == "All of them! First “A lost kite”, then “A little lost duckling” and “A shy firefly who wants to glow”.")
        vote = try vote.casting(0, by: "ben", at: Self.start)
        #expect(vote.outcome?.line(Self.choices) == "“A lost kite” wins!")
        #expect(Self.vote().outcome == nil && Self.vote().winningChoice == nil, "nobody voted")
    }

    @Test("a vote ends at the next bedtime, within 1 to 768 hours, else after a day")
    func endDate() {
        let now = Self.start
        #expect(ChapterVoting.endDate(openedAt: now, nextBedtime: now.addingTimeInterval(5 * 3600)) == now.addingTimeInterval(5 * 3600))
        #expect(ChapterVoting.endDate(openedAt: now, nextBedtime: now.addingTimeInterval(600)) == now.addingTimeInterval(3600))
        #expect(ChapterVoting.endDate(openedAt: now, nextBedtime: now.addingTimeInterval(800 * 3600)) == now.addingTimeInterval(768 * 3600))
        #expect(ChapterVoting.endDate(openedAt: now, nextBedtime: nil) == now.addingTimeInterval(24 * 3600))
        #expect(ChapterVoting.endDate(openedAt: now, nextBedtime: now.addingTimeInterval(-60)) == now.addingTimeInterval(24 * 3600))
    }

    @Test("voting: one open vote per chain, asked again for the same chapter; the next chapter's vote closes the last; a tie's other choice comes first next time")
    func voting() async throws {
        let clock = ManualWallClock(Self.start)
        let voting = ChapterVoting(store: InMemoryChapterVoteStore(), clock: clock)
        let first = StoryFixtures.story("first")
        let vote = try await voting.open(after: first, channelID: "room", earlierThemes: [first.request.theme], avoid: [])
        #expect(try await voting.open(after: first, channelID: "room", earlierThemes: [], avoid: []) == vote)
        #expect(vote.choices.count == 3 && vote.endsAt == Self.start.addingTimeInterval(24 * 3600))
        _ = try await voting.cast(0, by: "ana", in: vote.id)
        let counted = try await voting.cast(1, by: "ben", in: vote.id)
        #expect(counted.counts == [1, 1, 0])
        await #expect(throws: ChapterVoteError.noSuchChoice) { try await voting.cast(7, by: "ben", in: vote.id) }
        await #expect(throws: ChapterVoteError.notFound) { try await voting.cast(0, by: "ben", in: "gone") }
        #expect(try await voting.winningChoice(series: first.id, family: first.family)?.choice == vote.choices[0])

        var second = StoryFixtures.story("second")
        second.request.chapter = ChapterLink(seriesID: first.id, previousStoryID: first.id, number: 2, previousTitle: "One", previousSummary: "")
        clock.advance(by: 60)
        let next = try await voting.open(after: second, channelID: "room", earlierThemes: [vote.choices[0].theme], avoid: [])
        let closed = try #require(try await voting.vote(vote.id))
        #expect(closed.closedAt == clock.now() && closed.winner == 0)
        #expect(next.choices.first == vote.choices[1], "the tie's “then” is offered first")
        #expect(try await voting.close(next) != nil)
        #expect(try await voting.close(next) == nil, "closed once")
        await #expect(throws: ChapterVoteError.closed) { try await voting.cast(0, by: "ana", in: next.id) }
    }
}
