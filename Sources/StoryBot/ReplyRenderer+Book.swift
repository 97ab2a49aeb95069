import StoryDomain

extension ReplyRenderer {
    /// The answer to `/story book`: the finished story's picture book, or a kind note (for the
    /// asker only) while it is still being made or when it could not be finished.
    public func bookOffer(_ story: Story, format: BookFormat = .pdf) -> ChatReply {
        switch story.status {
        case .ready:
            let view = BookView(storyID: story.id, family: story.family, title: story.displayTitle,
                                filename: BookView.filename(forTitle: story.displayTitle, extension: format.fileExtension), format: format)
            let use = format == .epub ? "for e-readers and reading apps" : "ready to print on A4 or Letter"
            return ChatReply(text: "📖 **\(quoted: story.displayTitle)** as a picture book to keep (\(format.displayName)): a cover and "
                                 + "\(story.pageCount) pages, \(use).", book: view)
        case .failed:
            return .privateNote("😔 **\(quoted: story.displayTitle)** couldn't be finished, so it has no picture book. Try `/story new` for a fresh one.")
        case .queued, .writing, .illustrating:
            return .privateNote("⏳ **\(quoted: story.displayTitle)** is still being made — ask for its picture book once every page is painted.")
        }
    }
}
