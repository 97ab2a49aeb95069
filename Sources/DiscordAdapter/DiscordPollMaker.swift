import DiscordModels
import Foundation
import StoryDomain

/// The family's vote as a Discord native poll: "What happens next?" with one answer per choice
/// (its plot turn's picture as the answer's emoji, its words within 55 code points), single
/// choice, running in whole hours until the vote ends (the next bedtime; a day without one).
enum DiscordPollMaker {
    /// The poll that asks `vote`, posted at `now`.
    static func poll(for vote: ChapterVote, now: Date) -> PollCreate {
        let answers = vote.choices.prefix(PollCreate.maxAnswers).map { choice in
            let (emoji, words) = split(choice)
            return PollCreate.Answer(text: words.fittingCodePoints(PollCreate.maxAnswerLength), emoji: emoji)
        }
        return PollCreate(question: NextChoice.question.fittingCodePoints(PollCreate.maxQuestionLength), answers: Array(answers),
                          duration: durationHours(from: now, to: vote.endsAt))
    }

    /// Whole hours from `now` until `end`, rounded down (the poll is over by bedtime) within
    /// Discord's 1–768; a minute's slack keeps a vote opened a moment ago at its full length.
    static func durationHours(from now: Date, to end: Date) -> Int {
        let hours = Int(((end.timeIntervalSince(now) + 60) / 3600).rounded(.down))
        return min(max(hours, PollCreate.durationRange.lowerBound), PollCreate.durationRange.upperBound)
    }

    /// A built-in choice's picture apart from its words ("🧺 A picnic…" → 🧺, "A picnic…"); a
    /// model's choice is words only.
    static func split(_ choice: NextChoice) -> (emoji: String?, words: String) {
        guard let turn = choice.turn, choice.text.hasPrefix(turn.emoji + " ") else { return (nil, choice.text) }
        return (turn.emoji, String(choice.text.dropFirst(turn.emoji.count + 1)))
    }

    /// The channel post's nonce: a retried post, or two readers asking at once, makes one poll.
    static func nonce(for vote: ChapterVote) -> String {
        String("poll-\(vote.id)".prefix(MessagePayload.maxNonceLength))
    }

    /// Whether the bot may post a poll where the interaction came from (Send Polls, or
    /// Administrator); an interaction without `app_permissions` is asked with buttons.
    static func canPostPolls(_ permissions: Permissions?) -> Bool {
        guard let permissions else { return false }
        return permissions.contains(.sendPolls) || permissions.contains(.administrator)
    }
}
