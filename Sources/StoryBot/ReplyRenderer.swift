import Foundation
import StoryDomain

/// Builds the bot's replies: pages with their buttons, progress, the library and help.
public struct ReplyRenderer: Sendable {
    public static let libraryPageSize = 5

    /// Each platform's words for people, roles and families.
    let platforms: ChatPlatforms

    public init(platforms: ChatPlatforms = ChatPlatforms()) {
        self.platforms = platforms
    }

    /// A story page with ⏮ ◀ ▶, and on the last page "The End" and "another story like this".
    public func page(_ snapshot: PageSnapshot) -> ChatReply {
        let story = snapshot.story
        let number = snapshot.page.number
        let count = story.pageCount
        let isLast = number >= count
        var text = snapshot.page.text
        let mode = story.request.illustrations
        let awaitsPicture = mode != .off && snapshot.page.imageID == nil && story.status != .ready && story.status != .failed
        switch mode {
        case .pictures, .textArt:
            if awaitsPicture {
                text += "\n\n🎨 *The picture for this page is still being painted.*"
            } else if mode == .textArt, snapshot.page.imageID == nil {
                // Text-art stories made before their pictures were painted keep the emoji line.
                text = TextArt.line(sheet: story.sheet, scene: snapshot.page.scene) + "\n\n" + text
            }
        case .off:
            break
        }
        if isLast { text += "\n\n*The End* 🌙" }
        if isLast, let link = story.collection {
            text += "\n\n💬 *For grown-ups to talk over:* \(link.question)"
        }
        var footer = "page \(number) of \(count)"
        if let chapter = story.request.chapter { footer += " · chapter \(chapter.number)" }
        if let link = story.collection { footer += " · story \(link.position) of \(link.storyCount) in a Growth Collection" }
        let view = PageView(storyID: story.id, title: QuotedText.inert(story.displayTitle), text: text, pageNumber: number, pageCount: count,
                            imageID: mode == .off ? nil : snapshot.page.imageID, footer: footer,
                            awaitsPicture: awaitsPicture, showsPictureAsText: mode == .textArt,
                            picture: mode == .off ? nil : snapshot.picture,
                            imageAlt: mode == .off ? nil : PageMoment.altText(of: snapshot.page, in: story),
                            accent: Self.accent(of: story))
        // Ids are distinct by construction: ⏮ has its own kind, ◀ and ▶ point to different pages.
        // A one-page story has nowhere to turn (and its ◀ and ▶ would both be page 1, which
        // Discord refuses as a duplicate id): no turning row.
        var rows = count > 1 ? [[
            ChatButton(.firstPage(story.id), label: "⏮", disabled: number <= 1),
            ChatButton(.page(story.id, max(1, number - 1)), label: "◀", disabled: number <= 1),
            ChatButton(.page(story.id, min(count, number + 1)), label: "▶", style: .primary, disabled: isLast),
        ]] : []
        var more = [ChatButton(.listen(story.id, number), label: "🔊 Read aloud")]
        if isLast {
            more.insert(ChatButton(.another(story.id), label: "✨ Another story like this", style: .success), at: 0)
            more.insert(ChatButton(.nextChapter(story.id), label: "▶ Next chapter", style: .primary), at: 1)
            more.append(ChatButton(.listenWhole(story.id), label: "🎧 The whole story"))
        }
        rows.append(more)
        return ChatReply(page: view, buttons: rows)
    }

    /// A Growth Collection's stories share its colour (one of a few soft tones, chosen by its id);
    /// other stories take their palette's accent.
    static func accent(of story: Story) -> RGB? {
        guard let link = story.collection else { return story.sheet?.palette.accent }
        let tones = [RGB(87, 179, 102), RGB(64, 160, 150), RGB(120, 170, 60), RGB(70, 140, 190), RGB(200, 150, 60)]
        let sum = link.collectionID.rawValue.unicodeScalars.reduce(0) { $0 &+ Int($1.value) }
        return tones[sum % tones.count]
    }

    /// Progress shown in the one message that later becomes page 1.
    public func progress(_ progress: StoryProgress, story: Story) -> ChatReply {
        let hero = story.request.heroName
        switch progress {
        case .writing:
            if let chapter = story.request.chapter {
                return ChatReply(text: "✍️ Writing chapter \(chapter.number) for \(quoted: hero): *\(quoted: story.request.theme)*…")
            }
            return ChatReply(text: "✍️ Writing a story about *\(quoted: story.request.theme)* for \(quoted: hero)…")
        case let .painting(page, total):
            return ChatReply(text: "🎨 Painting page \(page) of \(total) of **\(quoted: story.displayTitle)**…")
        case .firstPage, .ready:
            return ChatReply(text: "📖 **\(quoted: story.displayTitle)** is ready!")
        case let .failed(reason):
            return ChatReply(text: FriendlyErrors.text(for: reason, story: story))
        }
    }

    /// The first answer to `/story new`, before any work has started.
    public func accepted(_ story: Story) -> ChatReply {
        if let chapter = story.request.chapter {
            return ChatReply(text: "🌙 Chapter \(chapter.number), after **\(quoted: chapter.previousTitle)**, is on its way for "
                             + "\(quoted: story.request.heroName) (\(story.pageCount) pages): the same friends in the same world, a new "
                             + "little adventure. I'll show page 1 right here when it's ready.")
        }
        return ChatReply(text: "✨ A story about *\(quoted: story.request.theme)* for \(quoted: story.request.heroName) is on its way "
                  + "(\(story.pageCount) pages). I'll show page 1 right here when it's ready.")
    }

    public func library(_ library: LibraryPage, pageNumber: Int) -> ChatReply {
        guard library.total > 0 else {
            return ChatReply(text: "📚 Your library is empty so far. Try `/story new theme:\"a sleepy dragon\" name:Mia age:5`!")
        }
        let pages = max(1, (library.total + Self.libraryPageSize - 1) / Self.libraryPageSize)
        var lines = ["📚 **Your family's stories** (\(library.total)) — page \(pageNumber) of \(pages)"]
        var openButtons: [ChatButton] = []
        for (index, item) in library.items.enumerated() {
            let number = library.offset + index + 1
            let state = switch item.status {
            case .ready: ""
            case .illustrating: " — pictures still being painted"
            case .failed: " — couldn't be finished"
            case .queued, .writing: " — still being written"
            }
            if item.chapters.count > 1 {
                lines.append("\(number). **\(quoted: item.title)** — \(Self.chapterSpan(item.chapters)), for \(quoted: item.heroName)")
                for chapter in item.chapters {
                    lines.append("    \(chapter.chapterOrder). *\(quoted: chapter.title)*\(Self.state(chapter.status))")
                }
            } else {
                lines.append("\(number). **\(quoted: item.title)** — for \(quoted: item.heroName), \(item.pageCount) pages\(state)")
            }
            if item.status == .ready || item.status == .illustrating {
                openButtons.append(ChatButton(.open(item.id), label: "📖 \(number)"))
            }
        }
        var rows: [[ChatButton]] = []
        if !openButtons.isEmpty { rows.append(openButtons) }
        if pages > 1 {
            // With more than one page, ◀ and ▶ always point to different pages.
            rows.append([
                ChatButton(.library(max(1, pageNumber - 1)), label: "◀ Newer", disabled: pageNumber <= 1),
                ChatButton(.library(min(pages, max(2, pageNumber + 1))), label: "Older ▶", disabled: pageNumber >= pages),
            ])
        }
        return ChatReply(text: lines.joined(separator: "\n"), buttons: rows)
    }

    /// "chapters 1–3", or "chapters 1, 3" when one was deleted.
    static func chapterSpan(_ chapters: [StorySummary]) -> String {
        let numbers = chapters.map(\.chapterOrder)
        guard let first = numbers.first, let last = numbers.last else { return "" }
        if numbers == Array(first...last) { return "chapters \(first)–\(last)" }
        return "chapters " + numbers.map(String.init).joined(separator: ", ")
    }

    /// How far a story in a chain got, after its title.
    static func state(_ status: StoryStatus) -> String {
        switch status {
        case .ready: ""
        case .illustrating: " — pictures still being painted"
        case .failed: " — couldn't be finished"
        case .queued, .writing: " — still being written"
        }
    }

    public func deleteConfirmation(_ story: Story) -> ChatReply {
        ChatReply(text: "🗑 Delete **\(quoted: story.displayTitle)** and its pictures for everyone? This can't be undone.",
                  buttons: [[ChatButton(.confirmDelete(story.id), label: "Delete", style: .danger),
                             ChatButton(.cancelDelete(story.id), label: "Keep it")]],
                  isPrivate: true)
    }
}
