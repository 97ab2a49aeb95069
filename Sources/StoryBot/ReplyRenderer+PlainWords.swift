import StoryDomain

extension ReplyRenderer {
    /// A private one-tap answer to plain words that asked for something (``PlainRequest``):
    /// the button does what the matching command does. `newest` is the family's newest story,
    /// the one "it" and "another" mean.
    func suggestion(for request: PlainRequest, newest: StorySummary?) -> ChatReply {
        let readable = newest.flatMap { $0.status == .ready || $0.status == .illustrating ? $0 : nil }
        switch request {
        case .another:
            guard let newest else { return newStorySuggestion(intro: "✨ There are no stories here yet — let's make the first one!") }
            return ChatReply(text: "✨ Another story like **\(quoted: newest.title)**, with a new little adventure? Tap below "
                             + "(or type `/story new` with a theme of your own).",
                             buttons: [[ChatButton(.another(newest.id), label: "✨ Another story like this", style: .success)]],
                             isPrivate: true)
        case .readAgain:
            guard let readable else { return newStorySuggestion(intro: "📖 There's no story ready to read yet.") }
            return ChatReply(text: "📖 Read **\(quoted: readable.title)** again from the start? Tap below (`/story library` has the others).",
                             buttons: [[ChatButton(.open(readable.id), label: "📖 Read it again", style: .primary)]], isPrivate: true)
        case .listen:
            guard let readable else { return newStorySuggestion(intro: "🔊 There's no story ready to read aloud yet.") }
            return ChatReply(text: "🔊 Hear **\(quoted: readable.title)** read aloud? Tap below (or 🔊 under any page).",
                             buttons: [[ChatButton(.listenWhole(readable.id), label: "🎧 Read it aloud", style: .primary)]],
                             isPrivate: true)
        case .newStory, .library:
            return newStorySuggestion(intro: "✨ I'd love to tell a story!")
        }
    }

    /// How to ask for a new story, for a page that cannot open its new-story form.
    func newStoryHowTo() -> ChatReply {
        .privateNote("✨ Tell me what the story should be about: type `/story new a sleepy dragon name:Mia age:5`, "
                     + "or just say *please tell Mia a story about a sleepy dragon*.")
    }

    /// What a new story needs that the words did not say: what it is about.
    private func newStorySuggestion(intro: String) -> ChatReply {
        ChatReply(text: "\(intro) What should it be about? Tap ✨ New story, or type it like "
                  + "`/story new a sleepy dragon name:Mia` — or just say *please tell Mia a story about a sleepy dragon*.",
                  buttons: [[ChatButton(.newStory, label: "✨ New story", style: .primary)]], isPrivate: true)
    }
}
