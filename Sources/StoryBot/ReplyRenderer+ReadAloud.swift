import StoryDomain

extension ReplyRenderer {
    /// A story read aloud: a line naming what is heard, and the audio.
    public func narration(_ stored: StoredNarration, story: Story) -> ChatReply {
        let audio = ChatAudio(storyID: story.id, part: stored.part, data: stored.audio.data, duration: stored.audio.duration,
                              waveform: stored.audio.waveform, filename: ChatAudio.filename(title: story.displayTitle, part: stored.part))
        let what = switch stored.part {
        case let .page(number): "page \(number) of \(story.pageCount)"
        case .whole: "the whole story"
        }
        return ChatReply(text: "🔊 **\(quoted: story.displayTitle)** — \(what), read aloud (\(audio.durationText)).", audio: audio)
    }
}
