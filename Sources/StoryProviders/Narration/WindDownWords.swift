import StoryDomain

/// A wind-down passage asked for in words, for model voices that take a style in their prompt
/// or `instructions` (Gemini's speech has no rate or volume parameter; OpenAI's `speed` sets the
/// pace but nothing sets the loudness, so the audio is also scaled afterwards).
enum WindDownWords {
    /// Nothing for the usual reading; otherwise one sentence, stronger for slower passages.
    static func sentence(for prosody: Prosody) -> String {
        guard prosody != .usual else { return "" }
        let degree = prosody.rate <= 0.75 ? "very slowly and very softly, almost a whisper, with long pauses"
            : prosody.rate <= 0.85 ? "more slowly and more softly than before, with longer pauses"
            : "a little more slowly and softly than before"
        return " This is the end of the story and the child is falling asleep: read it \(degree), and lower your voice."
    }
}
