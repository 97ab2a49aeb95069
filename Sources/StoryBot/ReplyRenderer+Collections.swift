import Foundation
import StoryDomain

extension ReplyRenderer {
    /// The first answer to `/collection new`.
    public func collectionAccepted(_ collection: GrowthCollection) -> ChatReply {
        ChatReply(text: "🌱 **\(quoted: collection.title)** — a Growth Collection of \(collection.storyCount) stories has begun! "
                  + "The first one, *\(collection.steps[0].theme)*, is on its way and will appear right here. "
                  + "Each next story is made when the one before has been read.")
    }

    /// `▓▓▓░░ 3/5`
    public func progressBar(read: Int, of total: Int) -> String {
        String(repeating: "▓", count: read) + String(repeating: "░", count: max(0, total - read)) + " \(read)/\(total)"
    }

    public func collections(_ list: [CollectionProgress]) -> ChatReply {
        guard !list.isEmpty else {
            return ChatReply(text: "🌱 No Growth Collections yet. Start one with `/collection new goal:bravery name:Mia age:5`.")
        }
        var lines = ["🌱 **Your family's Growth Collections**"]
        var buttons: [ChatButton] = []
        for (index, progress) in list.prefix(5).enumerated() {
            let done = progress.isComplete ? " 🏆" : ""
            lines.append("\(index + 1). **\(quoted: progress.collection.title)**\(done) — "
                         + progressBar(read: progress.readCount, of: progress.collection.storyCount))
            buttons.append(ChatButton(.collection(progress.collection.id), label: "📚 \(index + 1)"))
        }
        if list.count > 5 { lines.append("…and \(list.count - 5) more: `/collection show` finds them by name.") }
        return ChatReply(text: lines.joined(separator: "\n"), buttons: [buttons])
    }

    /// The collection's stories with read marks; `next` (the next unread story's page 1) opens below.
    public func collection(_ progress: CollectionProgress, next: PageSnapshot?, note: String?) -> ChatReply {
        let collection = progress.collection
        var lines = ["🌱 **\(quoted: collection.title)** — " + progressBar(read: progress.readCount, of: collection.storyCount)]
        for entry in progress.entries {
            let mark = if entry.isRead { "✅" } else if entry.storyStatus == .ready || entry.storyStatus == .illustrating { "📖" }
                else if entry.storyID != nil, entry.storyStatus != .failed { "⏳" } else { "▫️" }
            lines.append("\(mark) \(entry.position). \(entry.storyTitle ?? entry.theme)")
        }
        if progress.isComplete { lines.append("\n🏆 Every story read — collection complete!") }
        if let note { lines.append("\n" + note) }
        guard let next else { return ChatReply(text: lines.joined(separator: "\n")) }
        var reply = page(next)
        reply.text = lines.joined(separator: "\n")
        return reply
    }

    /// The collection's progress, and why its next story is not made: the owner's premium ended.
    /// Offers premium (Discord shows its premium button).
    public func collectionNeedsPremium(_ progress: CollectionProgress, next: CollectionEntry) -> ChatReply {
        var reply = collection(progress, next: nil, note: """
        ⭐ Story \(next.position), *\(next.theme)*, is ready to be written, but the next stories of a Growth Collection \
        are part of premium and this collection's premium has ended. Everything read so far is kept — \
        ask the bot's admin about premium to carry on. `/story new` works on every plan.
        """)
        reply.offersPremium = true
        return reply
    }

    public func collectionDeleteConfirmation(_ collection: GrowthCollection) -> ChatReply {
        ChatReply(text: "🗑 Delete the collection **\(quoted: collection.title)** with all its stories, pictures and progress? This can't be undone.",
                  buttons: [[ChatButton(.confirmCollectionDelete(collection.id), label: "Delete", style: .danger),
                             ChatButton(.cancelCollectionDelete(collection.id), label: "Keep it")]],
                  isPrivate: true)
    }

    /// Achievements and what comes next, announced to everyone after a story is read.
    public func readAnnouncement(_ outcome: ReadOutcome) -> ChatReply? {
        var lines = outcome.earned.map(\.announcement)
        if outcome.firstRead, let progress = outcome.collection, !progress.isComplete, let next = progress.nextUnread {
            let what = if next.storyID != nil {
                "is being made for next time. `/collection show` opens it."
            } else if outcome.nextNeedsPremium {
                "needs premium to be written — `/collection show` says more."
            } else {
                "comes next: `/collection show` makes it."
            }
            lines.append("🌱 **\(quoted: progress.collection.title)**: " + progressBar(read: progress.readCount, of: progress.collection.storyCount)
                         + " — story \(next.position), *\(next.theme)*, \(what)")
        }
        return lines.isEmpty ? nil : ChatReply(text: lines.joined(separator: "\n"))
    }
}
