import Foundation
import StoryDomain

extension ReplyRenderer {
    /// The vote on what happens next, as everyone in the room sees it: the question, and while it
    /// takes ballots one button per choice with its count (said once, on the button) and a
    /// grown-up's "close"; once over, each choice with its count, the winner (a tie told
    /// kindly) and no choice buttons.
    func vote(_ vote: ChapterVote, now: Date) -> ChatReply {
        let counts = vote.counts
        var lines = ["🗳️ **\(NextChoice.question)**"]
        for (index, choice) in vote.choices.enumerated() {
            lines.append("\(choice.turn == nil ? "• " : "")\(quoted: choice.text) — \(Self.votes(counts[index]))")
        }
        if vote.closedAt != nil {
            if let outcome = vote.outcome {
                lines.append("✅ The vote is closed. \(outcome.line(vote.choices)) The next chapter follows it.")
            } else {
                lines.append("✅ The vote is closed. Nobody voted, so the next chapter is a surprise.")
            }
            return ChatReply(text: lines.joined(separator: "\n"))
        }
        guard vote.acceptsBallots(at: now) else {
            let leading = vote.outcome.map { " \($0.line(vote.choices))" } ?? ""
            lines.append("⏰ Voting has ended.\(leading) The next chapter follows the winner.")
            return ChatReply(text: lines.joined(separator: "\n"), buttons: [[ChatButton(.closeVote(vote.id), label: "🔒 Close the vote")]])
        }
        if vote.isPoll {
            // The poll is its own message: members vote there; this message keeps the grown-ups' close.
            let text = "🗳️ **\(NextChoice.question)** Vote in the poll — one vote each, and you can change yours. "
                + "`/story continue` (or the next bedtime) follows the winner."
            return ChatReply(text: text, buttons: [[ChatButton(.closeVote(vote.id), label: "🔒 Close the vote (grown-ups)")]])
        }
        // The buttons carry the choices and their live counts: the text does not repeat them.
        lines = [lines[0], "One vote each — press another choice to change yours. `/story continue` (or the next bedtime) follows the winner."]
        let choices = vote.choices.enumerated().map { index, choice in
            ChatButton(.vote(vote.id, index), label: String("\(choice.text) · \(counts[index])".prefix(80)), style: .primary)
        }
        return ChatReply(text: lines.joined(separator: "\n"),
                         buttons: [choices, [ChatButton(.closeVote(vote.id), label: "🔒 Close the vote (grown-ups)")]])
    }

    static func votes(_ count: Int) -> String {
        count == 1 ? "1 vote" : "\(count) votes"
    }
}
